import type { PageResult } from '@pulsa/shared/schemas/common';

/** Mirrors the server's notificationSchema (apps/server/src/modules/notifications). */
export interface AppNotification {
  id: string;
  type: string;
  title: string;
  body: string | null;
  link: string | null;
  readAt: string | null;
  createdAt: string;
}

export interface NotificationPage extends PageResult<AppNotification> {
  unreadCount: number;
}

export const NOTIFICATIONS_PATH = '/api/notifications';
export const notificationKeys = { all: ['notifications'] as const };
