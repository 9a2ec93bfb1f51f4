/** What other features may use of the doctor's profile and dashboard. */
import { doctorKeys } from './api/get-my-profile';

/** The doctor's dashboard cards (consultations today, patients, revenue, occupancy). */
export const doctorDashboardQueryKey = doctorKeys.dashboard;
