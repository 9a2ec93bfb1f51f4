import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from '../payments/provider.ts';

/** Background work the rules ask for; each job re-checks the appointment before acting. */
export interface BookingJobs {
  holdExpiry(appointmentId: string, at: Date): Promise<void>;
  requestExpiry(appointmentId: string, at: Date): Promise<void>;
  /** The timers of a confirmed time: the reminders before it and the closing of an unended consultation. */
  timers(appointmentId: string, slot: { startsAt: Date; endsAt: Date }): Promise<void>;
  /** On demand: a called patient who has not come into the room by `at` is a no-show. */
  missedCall(appointmentId: string, at: Date): Promise<void>;
}

/** What every appointment operation needs: the database, the money, the messages and the timers. */
export interface BookingContext {
  db: Db;
  appUrl: string;
  provider: PaymentProvider;
  onEmailQueued: () => void;
  jobs: BookingJobs;
  /** Days a doctor's share stays held after the consultation ends (DOCTOR_SHARE_HOLD_DAYS). */
  shareHoldDays: number;
  /** Maintenance mode (the platform settings): new bookings are refused, the rest goes on. */
  inMaintenance?: () => Promise<boolean>;
}

/** The signed-in person asking. */
export interface Viewer {
  id: string;
  role: 'admin' | 'doctor' | 'patient';
}
