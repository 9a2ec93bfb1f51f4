/**
 * The public entry of the appointments feature: the one appointments client (cache keys, paths,
 * the mutation helper, one appointment, a doctor's free slots) and the pieces other features and
 * the area shells use. Everything else in this folder is its own.
 */
export { useAppointmentMutation } from './api/appointment-mutations';
export { useAppointment } from './api/get-appointment';
export { APPOINTMENTS_PATH, appointmentKeys, appointmentPath } from './api/keys';
export { AppointmentLiveUpdates } from './components/appointment-live-updates';
export { SlotWeekPicker } from './components/slot-week-picker';
