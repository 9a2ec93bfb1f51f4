/** Badge tones map to the spec's colours: yellow/outline, green, red, blue, grey. */
export type StatusTone = 'warning' | 'success' | 'danger' | 'info' | 'neutral';

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const VERIFICATION_STATUS: Record<VerificationStatus, { label: string; tone: StatusTone }> = {
  pending: { label: 'Pendente', tone: 'warning' },
  approved: { label: 'Aprovado', tone: 'success' },
  rejected: { label: 'Rejeitado', tone: 'danger' },
};
/** What a doctor reads about their own pending verification. */
export const DOCTOR_FACING_PENDING_LABEL = 'Em análise';

export const APPOINTMENT_STATUSES = [
  'scheduled',
  'confirmed',
  'in_progress',
  'completed',
  'canceled',
  'no_show',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/** Booked in a doctor's slot, or taken from a specialty's on-demand queue (pronto atendimento). */
export const APPOINTMENT_KINDS = ['booked', 'on_demand'] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];
export const APPOINTMENT_STATUS: Record<AppointmentStatus, { label: string; tone: StatusTone }> = {
  scheduled: { label: 'Agendada', tone: 'warning' },
  confirmed: { label: 'Confirmada', tone: 'info' },
  in_progress: { label: 'Em andamento', tone: 'info' },
  completed: { label: 'Concluída', tone: 'success' },
  canceled: { label: 'Cancelada', tone: 'danger' },
  no_show: { label: 'Não compareceu', tone: 'neutral' },
};

export const PAYMENT_STATUSES = ['pending', 'processing', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS: Record<PaymentStatus, { label: string; tone: StatusTone }> = {
  pending: { label: 'Pendente', tone: 'warning' },
  processing: { label: 'Processando', tone: 'info' },
  paid: { label: 'Pago', tone: 'success' },
  failed: { label: 'Falhou', tone: 'danger' },
  refunded: { label: 'Reembolsado', tone: 'neutral' },
};

export const PAYMENT_METHODS = ['card', 'pix', 'boleto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  card: 'Cartão de crédito',
  pix: 'PIX',
  boleto: 'Boleto bancário',
};

export const DOCUMENT_KINDS = ['identity', 'crm'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
