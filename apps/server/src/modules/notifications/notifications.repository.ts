import type { AppNotification } from '@pulsa/shared/schemas/notifications';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { pageFromWindow, totalOver } from '../../db/paging.ts';
import { preparedOn } from '../../db/prepared.ts';
import { notifications } from '../../db/schema.ts';

type Row = typeof notifications.$inferSelect;

export function toDto(row: Row): AppNotification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function countFor(db: Queryable, userId: string) {
  const [row] = await db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId));
  return row?.n ?? 0;
}

/**
 * Every query is scoped by user id: a user only ever reaches their own rows. One page with its total
 * and the unread count, in one query (window counts, taken before the page is cut).
 */
export async function listForUser(db: Queryable, userId: string, paging: { page: number; pageSize: number }) {
  const rows = await notificationPage(db).execute({
    userId,
    limit: paging.pageSize,
    offset: (paging.page - 1) * paging.pageSize,
  });
  const page = await pageFromWindow(
    rows,
    paging,
    () => countFor(db, userId),
    (r) => toDto(r.n),
  );
  const unreadCount = rows[0]?.unread ?? (page.total > 0 ? await countUnread(db, userId) : 0);
  return { ...page, unreadCount };
}

// Served by notifications_user_created_idx (user_id, created_at).
const notificationPage = preparedOn((db) =>
  db
    .select({
      n: notifications,
      total: totalOver(),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null) over ()`.mapWith(Number),
    })
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('notification_page'),
);

export async function countUnread(db: Queryable, userId: string): Promise<number> {
  // Served by the partial index notifications_unread_idx.
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read; false when it is not theirs or does not exist. */
export async function markRead(db: Queryable, userId: string, id: string): Promise<boolean> {
  const [own] = await db
    .select({ readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!own) return false;
  if (!own.readAt) {
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)));
  }
  return true;
}

export async function markAllRead(db: Queryable, userId: string): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return updated.length;
}

export async function insertNotification(
  db: Queryable,
  values: { userId: string; type: string; title: string; body: string | null; link: string | null },
): Promise<Row> {
  const [row] = await db.insert(notifications).values(values).returning();
  return row as Row;
}
