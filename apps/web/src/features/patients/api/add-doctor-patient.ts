import type {
  AddPatientByEmailInput,
  AddPatientByEmailResult,
  PatientAdded,
} from '@pulsa/shared/schemas/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DOCTOR_PATIENTS_TEXT as T } from '../doctor-texts';
import { DOCTOR_PATIENTS_PATH, doctorPatientKeys } from './get-doctor-patients';

export function useAddPatientByEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddPatientByEmailInput) =>
      api.post<AddPatientByEmailResult>(DOCTOR_PATIENTS_PATH, input),
    meta: { error: { title: T.add.errorTitle } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doctorPatientKeys.all }),
  });
}

export function useCreateGenericPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PatientAdded>(`${DOCTOR_PATIENTS_PATH}/generic`),
    meta: { error: { title: T.generic.errorTitle } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doctorPatientKeys.all }),
  });
}
