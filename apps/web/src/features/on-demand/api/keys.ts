/** The cache keys and paths of the on-demand care (pronto atendimento). */
export const ON_DEMAND_PATH = '/api/on-demand';
export const ADMIN_ON_DEMAND_PATH = '/api/admin/on-demand';

export const onDemandKeys = {
  all: ['on-demand'] as const,
  /** The specialties offered now (public). */
  offers: ['on-demand', 'offers'] as const,
  /** The patient's place in a queue (their latest ticket). */
  ticket: ['on-demand', 'ticket'] as const,
  /** The doctor's duty panel. */
  duty: ['on-demand', 'duty'] as const,
  /** The admin's settings and live board of every specialty. */
  board: ['admin', 'on-demand'] as const,
};

export const ticketPath = (id: string) => `${ON_DEMAND_PATH}/tickets/${encodeURIComponent(id)}`;
export const adminSpecialtyPath = (specialtyId: string) =>
  `${ADMIN_ON_DEMAND_PATH}/${encodeURIComponent(specialtyId)}`;
/** A file sent with the complaint, once called: a message of the consultation's chat. */
export const consultationFilePath = (appointmentId: string, fileId: string) =>
  `/api/consultations/${encodeURIComponent(appointmentId)}/messages/${encodeURIComponent(fileId)}/file`;
