import {
  APPOINTMENT_STATUS,
  type AppointmentStatus,
  PAYMENT_STATUS,
  type PaymentStatus,
  type StatusTone,
  VERIFICATION_STATUS,
  type VerificationStatus,
} from '@pulsa/shared/constants/statuses';
import { Badge } from './badge';

/** A status with its label and colour from the one table in packages/shared. */
function StatusBadge({
  entry,
  className,
}: {
  entry: { label: string; tone: StatusTone };
  className?: string;
}) {
  return (
    <Badge tone={entry.tone} className={className}>
      {entry.label}
    </Badge>
  );
}

export function VerificationStatusBadge({
  status,
  className,
}: {
  status: VerificationStatus;
  className?: string;
}) {
  return <StatusBadge entry={VERIFICATION_STATUS[status]} className={className} />;
}

export function AppointmentStatusBadge({
  status,
  className,
}: {
  status: AppointmentStatus;
  className?: string;
}) {
  return <StatusBadge entry={APPOINTMENT_STATUS[status]} className={className} />;
}

export function PaymentStatusBadge({ status, className }: { status: PaymentStatus; className?: string }) {
  return <StatusBadge entry={PAYMENT_STATUS[status]} className={className} />;
}
