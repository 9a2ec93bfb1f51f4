/**
 * What the on-demand queue (modules/on-demand) reads and writes of appointments: the module's own
 * rows stay behind this door, like every other module's.
 */
export {
  type AppointmentRow,
  appointmentRow,
  doctorNameOf,
  insertAppointment,
  latestPayments,
  lockAppointment,
  type PaymentRow,
  patientProfile,
} from './appointments.repository.ts';
