import { Maximize, Mic, MicOff, Minimize, Settings2, Video, VideoOff } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';
import type { LocalMedia } from '../media/use-local-media';
import type { CallQuality } from '../rtc/call-quality';
import { type CallNotice, callNotice } from '../rtc/call-status';
import type { PeerCall } from '../rtc/use-peer-call';
import { CONSULTATION_TEXT } from '../texts';
import { DeviceCheck } from './device-check';
import { VideoView } from './video-view';

const T = CONSULTATION_TEXT.call;

const NOTICE_TEXT: Record<NonNullable<CallNotice>, (otherName: string) => string> = {
  'waiting-other': T.waitingOther,
  'chat-only-auto': () => T.chatOnly,
  'chat-only-chosen': () => T.chatOnlyChosen,
  reconnecting: () => T.reconnecting,
  connecting: () => T.connecting,
  'audio-only-auto': () => T.audioOnly,
  'audio-only-chosen': () => T.audioOnlyChosen,
};

const QUALITY_BARS: Record<CallQuality, number> = { good: 3, fair: 2, poor: 1, unknown: 0 };

/** Three bars and a text for assistive technology: how the connection is doing right now. */
export function QualityIndicator({ quality }: { quality: CallQuality }) {
  const bars = QUALITY_BARS[quality];
  const tone = quality === 'good' ? 'bg-success' : quality === 'fair' ? 'bg-warning' : 'bg-destructive';
  return (
    <span
      role="status"
      aria-label={`${T.quality.label}: ${T.quality[quality]}`}
      title={T.quality[quality]}
      data-quality={quality}
      className="inline-flex h-5 items-end gap-0.5"
    >
      {[1, 2, 3].map((n) => (
        <span
          key={n}
          aria-hidden
          className={cn('w-1.5 rounded-sm', n <= bars ? tone : 'bg-white/30')}
          style={{ height: `${n * 33}%` }}
        />
      ))}
    </span>
  );
}

/** Mirrors the document's full-screen state for one element. */
function useFullScreen() {
  const ref = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () => setActive(document.fullscreenElement === ref.current && !!ref.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void ref.current?.requestFullscreen().catch(() => undefined);
  };
  return { ref, active, toggle, supported: typeof document !== 'undefined' && document.fullscreenEnabled };
}

function ControlButton({
  label,
  pressed,
  onClick,
  children,
  danger = false,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <Button
      size="icon"
      variant={danger ? 'destructive' : 'secondary'}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      className="rounded-full"
    >
      {children}
    </Button>
  );
}

/**
 * The call: the other party's video (or their initials when there is none), the own image in a
 * corner, what the connection is doing, and the controls (mute, camera, devices, audio only, full
 * screen) plus the room's own actions (`actions`: leave, the doctor's end).
 */
export function CallStage({
  call,
  media,
  otherName,
  otherPresent,
  actions,
}: {
  call: PeerCall;
  media: LocalMedia;
  otherName: string;
  otherPresent: boolean;
  actions?: ReactNode;
}) {
  const full = useFullScreen();
  const remoteHasVideo =
    call.mode === 'video' && !!call.remoteStream?.getVideoTracks().some((track) => !track.muted);
  const notice = callNotice({
    otherPresent,
    mode: call.mode,
    automaticMode: call.automaticMode,
    connection: call.connection,
  });
  const status = notice ? NOTICE_TEXT[notice](otherName) : null;
  const hasCamera = !!media.stream?.getVideoTracks().length;
  const hasMic = !!media.stream?.getAudioTracks().length;

  return (
    <section
      ref={full.ref}
      aria-label={T.region}
      className="relative flex min-h-[18rem] flex-col overflow-hidden rounded-xl bg-neutral-950 text-white sm:min-h-[24rem]"
    >
      <div className="relative flex-1">
        {/* Kept mounted in every mode so the other party's sound keeps playing without video. */}
        <VideoView
          stream={call.remoteStream}
          speakerId={media.choice.speakerId}
          label={T.remoteVideo(otherName)}
          className={cn('absolute inset-0', !remoteHasVideo && 'opacity-0')}
        />
        {!remoteHasVideo ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center">
            <UserAvatar name={otherName} className="size-20 text-lg" />
            <p className="font-medium">{otherName}</p>
          </div>
        ) : null}
        {status ? (
          <p
            role="status"
            className="absolute inset-x-3 top-3 rounded-lg bg-black/70 px-3 py-2 text-center text-sm"
          >
            {status}
            {call.mode !== 'video' ? (
              <Button size="sm" variant="secondary" className="ml-3" onClick={() => call.chooseMode('video')}>
                {T.backToVideo}
              </Button>
            ) : null}
          </p>
        ) : null}
        {hasCamera && media.cameraOn && call.mode === 'video' ? (
          <div className="absolute right-3 bottom-3 aspect-video w-28 overflow-hidden rounded-lg border border-white/30 shadow-lg sm:w-44">
            <VideoView stream={media.stream} self label={CONSULTATION_TEXT.media.selfView} />
          </div>
        ) : null}
      </div>
      <div
        role="toolbar"
        aria-label={T.controls}
        className="flex flex-wrap items-center justify-center gap-2 bg-black/60 px-3 py-3"
      >
        <QualityIndicator quality={otherPresent ? call.quality : 'unknown'} />
        {hasMic ? (
          <ControlButton
            label={media.micOn ? T.micOn : T.micOff}
            pressed={!media.micOn}
            onClick={() => media.setMicOn(!media.micOn)}
          >
            {media.micOn ? <Mic aria-hidden /> : <MicOff aria-hidden />}
          </ControlButton>
        ) : null}
        {hasCamera ? (
          <ControlButton
            label={media.cameraOn ? T.cameraOn : T.cameraOff}
            pressed={!media.cameraOn}
            onClick={() => media.setCameraOn(!media.cameraOn)}
          >
            {media.cameraOn ? <Video aria-hidden /> : <VideoOff aria-hidden />}
          </ControlButton>
        ) : null}
        <Popover>
          <PopoverTrigger asChild>
            <Button
              size="icon"
              variant="secondary"
              aria-label={T.devices}
              title={T.devices}
              className="rounded-full"
            >
              <Settings2 aria-hidden />
            </Button>
          </PopoverTrigger>
          <PopoverContent className="w-[min(28rem,calc(100vw-2rem))]">
            <DeviceCheck media={media} />
          </PopoverContent>
        </Popover>
        <Button
          size="sm"
          variant="secondary"
          aria-pressed={call.mode === 'audio'}
          onClick={() => call.chooseMode(call.mode === 'audio' ? 'video' : 'audio')}
        >
          {T.audioOnlyToggle}
        </Button>
        {full.supported ? (
          <ControlButton label={full.active ? T.exitFullScreen : T.fullScreen} onClick={full.toggle}>
            {full.active ? <Minimize aria-hidden /> : <Maximize aria-hidden />}
          </ControlButton>
        ) : null}
        {actions}
      </div>
    </section>
  );
}
