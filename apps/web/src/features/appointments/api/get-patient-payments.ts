import type { paymentPageSchema } from '@pulsa/shared/schemas/appointments';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { pagedQueryOptions } from '@/lib/paged-query';
import type { TableState } from '@/lib/table-state';
import { APPOINTMENTS_TEXT } from '../texts';
import { appointmentKeys } from './keys';

/** A payment with its consultation's date and doctor, as the patient's payment list shows it. */
export type PatientPayment = z.infer<typeof paymentPageSchema>['items'][number];

export function usePatientPayments(state: TableState) {
  return useQuery({
    ...pagedQueryOptions<PatientPayment>(appointmentKeys.patientPayments, '/api/patient/payments', state),
    meta: { errorTitle: APPOINTMENTS_TEXT.payments.loadError },
  });
}
