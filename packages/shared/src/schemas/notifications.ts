import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from './common.ts';

/** The wire contract of the bell. */
export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  /** A path inside the app the notification leads to. */
  link: z.string().nullable(),
  readAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = pageQuerySchema.pick({ page: true, pageSize: true });

export const notificationPageSchema = pageResultSchema(notificationSchema).extend({
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationIdParamsSchema = z.object({
  id: z.uuid({ error: 'Notificação não encontrada.' }),
});

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notificação não encontrada.',
} as const;
