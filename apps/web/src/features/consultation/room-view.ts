import type { AppointmentStatus } from '@pulsa/shared/constants/statuses';
import type { Caption } from '@pulsa/shared/schemas/consultations';
import type { ReviewState } from '@pulsa/shared/schemas/reviews';
import type { ChatItem } from './components/chat-panel';
import type { CallSignal } from './rtc/use-peer-call';

/**
 * What the room page needs to know, read from the server's room state (api/get-room.ts maps the
 * shared contract onto it in one place, so the components do not follow every field of the wire).
 */
export interface RoomView {
  appointmentId: string;
  role: 'patient' | 'doctor';
  myUserId: string;
  otherName: string;
  startsAt: string;
  endsAt: string;
  status: AppointmentStatus;
  opensAt: string;
  closesAt: string;
  /** Why the server would refuse to let this user join now, in its words; null when it would not. */
  refusal: string | null;
  /** The patient still has to accept the consent (patient's view). */
  consentRequired: boolean;
  /** The patient has accepted the consent (doctor's view). */
  consentGiven: boolean;
  consent: { version: string; text: string };
  otherPresent: boolean;
  /** The doctor may mark the no-show now (server's rule: 15 minutes after the start, patient never came). */
  noShowAllowed: boolean;
  /** When the no-show becomes possible if the patient does not come (doctor's view). */
  noShowFrom: string | null;
  iceServers: RTCIceServer[];
  /** The doctor's notes for the patient once completed. */
  completionNotes: string | null;
  /** The patient may still rate this consultation. */
  canReview: boolean;
  /** The patient's review and where moderation stands; null before one (and for the doctor). */
  review: ReviewState | null;
  /** Limits of the shared contracts, so the forms stop where the server would refuse. */
  chatMaxLength: number;
  notesMaxLength: number;
  reviewCommentMaxLength: number;
}

/** A signal as the room sends it (the live message adds the type and the appointment). */
export type RoomSignal = CallSignal;

/** The live connection as the room uses it (lib/live provides it; the room does not depend on the wire). */
export interface RoomLive {
  status: 'connecting' | 'open' | 'closed';
  sendSignal: (signal: RoomSignal) => void;
  sendPresence: (action: 'join' | 'heartbeat' | 'leave') => void;
  /** A line of this participant's live captions, for the other (decision 115). */
  sendCaption: (caption: Caption) => void;
}

/** What the room hears from the other party over the live connection. */
export interface RoomLiveHandlers {
  /** The other party entered (or came back to) the room, or left it. */
  onPresence: (present: boolean) => void;
  onSignal: (signal: RoomSignal) => void;
  /** A line of the other participant's live captions. */
  onCaption: (caption: Caption) => void;
}

/** A server call the room makes, as the page needs it: run it, and whether it is under way. */
export interface RoomAction<TInput = void> {
  run: (input: TInput) => Promise<unknown>;
  pending: boolean;
}

/**
 * The server side of the room, as hooks: the room state, the chat, the actions and the live
 * connection. The route module passes the real ones (one module-level object, so the hooks are
 * always the same functions, as React requires); the components depend only on these shapes.
 */
export interface RoomServices {
  useRoom: (appointmentId: string) => {
    data: RoomView | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  useChat: (view: RoomView) => {
    items: ChatItem[];
    send: (text: string) => Promise<unknown>;
    /** Shares a file in the chat, reporting the upload's progress (0–100). */
    upload: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
  };
  useActions: (appointmentId: string) => {
    acceptConsent: RoomAction;
    complete: RoomAction<{ notes?: string }>;
    noShow: RoomAction;
    review: RoomAction<{ rating: number; comment?: string }>;
  };
  useLive: (view: RoomView, handlers: RoomLiveHandlers) => RoomLive;
}
