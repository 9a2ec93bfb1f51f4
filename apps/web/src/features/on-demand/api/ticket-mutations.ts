import type { JoinQueueInput, Ticket } from '@pulsa/shared/schemas/on-demand';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentKeys } from '@/features/appointments';
import { api } from '@/lib/api-client';
import { ON_DEMAND_TEXT } from '../texts';
import type { CurrentTicket } from './get-ticket';
import { ON_DEMAND_PATH, onDemandKeys, ticketPath } from './keys';

/**
 * Every answer is the ticket's whole new state: the waiting screen takes it at once, and the
 * queue's offers and the patient's consultation lists (the ticket is a consultation) are read again.
 */
function useTicketMutation<TInput>(
  mutationFn: (input: TInput) => Promise<Ticket>,
  errorTitle: string | null,
) {
  const queryClient = useQueryClient();
  const refreshAround = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: onDemandKeys.offers }),
      queryClient.invalidateQueries({ queryKey: appointmentKeys.patientLists }),
      queryClient.invalidateQueries({ queryKey: appointmentKeys.patientPayments }),
    ]);
  return useMutation({
    mutationFn,
    ...(errorTitle ? { meta: { error: { title: errorTitle } } } : {}),
    onSuccess: (ticket) => {
      queryClient.setQueryData<CurrentTicket>(onDemandKeys.ticket, { ticket });
      void refreshAround();
    },
    // Refused: the ticket may have moved meanwhile (called, released); read it again.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: onDemandKeys.ticket });
      void queryClient.invalidateQueries({ queryKey: onDemandKeys.offers });
    },
  });
}

/** Joins a queue: 201 with the ticket awaiting the card; a refusal's message is shown beside the form. */
export const useJoinQueue = () =>
  useTicketMutation((input: JoinQueueInput) => api.post<Ticket>(`${ON_DEMAND_PATH}/tickets`, input), null);

/** Test environment: holds the amount on one of the test cards (only the number leaves the browser). */
export const useHoldWithTestCard = (ticketId: string) =>
  useTicketMutation(
    (number: string) => api.post<Ticket>(`${ticketPath(ticketId)}/card`, { number }),
    ON_DEMAND_TEXT.payment.errorTitle,
  );

/** Test environment: "Simular pagamento" stands for the bank confirming the PIX. */
export const useSimulatePix = (ticketId: string) =>
  useTicketMutation(
    () => api.post<Ticket>(`${ticketPath(ticketId)}/payment/simulate`),
    ON_DEMAND_TEXT.payment.simulateError,
  );

/** "Sair da fila": the held amount is released in full, a PIX given back. */
export const useLeaveQueue = (ticketId: string) =>
  useTicketMutation(
    () => api.post<Ticket>(`${ticketPath(ticketId)}/leave`),
    ON_DEMAND_TEXT.waiting.leaveError,
  );

/**
 * A photo or exam sent with the complaint while waiting (one file, with the upload's progress).
 * Its failure is shown beside the control, with the file kept to send again, not as a toast.
 */
export const useAttachFile = (ticketId: string) =>
  useTicketMutation(
    ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      api.upload<Ticket>(`${ticketPath(ticketId)}/files`, file, onProgress),
    null,
  );
