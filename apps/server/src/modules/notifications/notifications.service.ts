import type { AppNotification } from '@pulsa/shared/schemas/notifications';
import type { Queryable } from '../../db/client.ts';
import { publishLive } from '../live/live.events.ts';
import { pushToUser } from '../push/push.service.ts';
import { insertNotification, toDto } from './notifications.repository.ts';

export interface NotifyInput {
  /** A stable machine name, e.g. "appointment.confirmed". */
  type: string;
  /** Portuguese, short: what happened. */
  title: string;
  body?: string | null;
  /** A path inside the app (e.g. "/patient/consultations"); anything else is dropped. */
  link?: string | null;
  /**
   * How the push message to the person's browsers goes (decision 144): `urgent` wakes a sleeping
   * phone at once (the push services' high urgency); `tag` folds messages of one subject into one
   * on screen, a newer replacing an older. The push carries the title, body and link, nothing else.
   */
  push?: { urgent?: boolean; tag?: string };
}

/** Only same-site paths: a notification can never send someone to another site. */
export function safeLink(link: string | null | undefined): string | null {
  if (!link) return null;
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : null;
}

/**
 * Puts a notification in the user's bell and sends it to the browsers they turned notifications on
 * in. Call it inside the transaction of the event it reports (pass the transaction as `db`), so a
 * rolled-back event leaves no notification behind and sends no push.
 */
export async function notify(db: Queryable, userId: string, input: NotifyInput): Promise<AppNotification> {
  const row = await insertNotification(db, {
    userId,
    type: input.type,
    title: input.title.trim(),
    body: input.body?.trim() || null,
    link: safeLink(input.link),
  });
  const dto = toDto(row);
  // The bell of every open tab of this user, at commit, on whichever instance holds it.
  await publishLive(db, [userId], { type: 'notification', notification: dto });
  await pushToUser(
    db,
    userId,
    { title: dto.title, body: dto.body, link: dto.link, tag: input.push?.tag },
    { urgent: input.push?.urgent },
  );
  return dto;
}
