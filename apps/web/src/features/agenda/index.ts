/** What other features may use of the doctor's agenda. */
import { agendaKeys } from './api/agenda-keys';

/** The doctor's own preview of the slots patients see (a booking or a cancellation changes it). */
export const agendaPreviewQueryKey = agendaKeys.preview;
