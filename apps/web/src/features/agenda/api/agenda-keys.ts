/** Where the agenda calls go and the cache key every agenda query shares (mutations invalidate it). */
export const AGENDA_PATH = '/api/doctors/me/agenda';
export const agendaKeys = {
  all: ['doctor', 'agenda'] as const,
  preview: ['doctor', 'agenda', 'preview'] as const,
};
