/** Where the bell's calls go, and the cache key they share. */
export const NOTIFICATIONS_PATH = '/api/notifications';
export const notificationKeys = { all: ['notifications'] as const };
