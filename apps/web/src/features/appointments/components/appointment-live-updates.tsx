import type { Role } from '@pulsa/shared/constants/roles';
import { useAppointmentLiveUpdates } from '../api/use-appointment-live-updates';

/** Placed once inside each signed-in area's shell (where the live connection is): renders nothing. */
export function AppointmentLiveUpdates({ viewer }: { viewer: Role }) {
  useAppointmentLiveUpdates(viewer);
  return null;
}
