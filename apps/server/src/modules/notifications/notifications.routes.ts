import {
  NOTIFICATION_MESSAGES,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  unreadCountSchema,
} from '@pulsa/shared/schemas/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { countUnread, listForUser, markAllRead, markRead } from './notifications.repository.ts';

/** The signed-in user's bell: only ever their own notifications. */
export async function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = { preHandler: app.requireUser };

  r.get(
    '/',
    {
      ...guarded,
      schema: {
        tags: ['notifications'],
        summary: "The current user's notifications, newest first, with the unread count",
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema },
      },
    },
    async (request) => {
      return listForUser(app.db, request.viewer.id, request.query);
    },
  );

  r.post(
    '/:id/read',
    {
      ...guarded,
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of your notifications as read',
        params: notificationIdParamsSchema,
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => {
      const userId = request.viewer.id;
      // Someone else's notification answers exactly like a missing one.
      if (!(await markRead(app.db, userId, request.params.id)))
        throw notFound(NOTIFICATION_MESSAGES.notFound);
      return { unreadCount: await countUnread(app.db, userId) };
    },
  );

  r.post(
    '/read-all',
    {
      ...guarded,
      schema: {
        tags: ['notifications'],
        summary: 'Mark all your notifications as read',
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => {
      await markAllRead(app.db, request.viewer.id);
      return { unreadCount: 0 };
    },
  );
}
