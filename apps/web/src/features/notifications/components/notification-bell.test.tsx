// @vitest-environment jsdom
import type { AppNotification, NotificationPage } from '@pulsa/shared/schemas/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INTERNAL_ERROR_MESSAGE } from '@/lib/messages';
import { apiError, findToast, mockApi, type Reply, renderWithApp } from '@/test/app';
import { NOTIFICATIONS_PATH } from '../api/notification-keys';
import { NOTIFICATION_TEXT as T } from '../texts';
import { NotificationBell } from './notification-bell';

const CONFIRMED: AppNotification = {
  id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  type: 'appointment_confirmed',
  title: 'Consulta confirmada',
  body: 'Dra. Helena Quintela confirmou sua consulta de 24/11 às 10:00.',
  link: '/patient/consultations/15bd3a40-884a-44d9-a792-c5bdc5628839',
  readAt: null,
  createdAt: '2026-11-22T12:00:00.000Z',
};
const PAID: AppNotification = {
  id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e',
  type: 'payment_received',
  title: 'Pagamento recebido',
  body: null,
  link: null,
  readAt: null,
  createdAt: '2026-11-22T11:00:00.000Z',
};
const OLD: AppNotification = {
  id: 'c3d4e5f6-a7b8-4c9d-8e1f-2a3b4c5d6e7f',
  type: 'review_published',
  title: 'Avaliação publicada',
  body: null,
  link: null,
  readAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T09:00:00.000Z',
};

const page = (items: AppNotification[]): NotificationPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 10,
  pageCount: 1,
  unreadCount: items.filter((n) => !n.readAt).length,
});
const read = (n: AppNotification): AppNotification => ({ ...n, readAt: '2026-11-22T12:30:00.000Z' });

const LIST = `GET ${NOTIFICATIONS_PATH}?pageSize=10` as const;

function renderBell(list: Reply | Reply[], more: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ [LIST]: list, ...more });
  return { api, ...renderWithApp(<NotificationBell />, { route: '/patient' }) };
}

const bell = (unread: number) => screen.findByRole('button', { name: T.bellLabel(unread) });

describe('the notification bell', () => {
  it('shows the unread count on the icon and the latest notifications in its panel', async () => {
    const { user } = renderBell({ body: page([CONFIRMED, PAID, OLD]) });
    const button = await bell(2);
    expect(button).toHaveTextContent('2');
    await user.click(button);

    const panel = await screen.findByRole('dialog', { name: T.title });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/^(Consulta|Pagamento|Avaliação)/).textContent)).toEqual([
      CONFIRMED.title,
      PAID.title,
      OLD.title,
    ]);
    expect(within(panel).getByText(CONFIRMED.body as string)).toBeInTheDocument();
    // Unread ones say so to screen readers and can be marked read; a read one cannot.
    expect(within(items[0] as HTMLElement).getByText(T.unread)).toBeInTheDocument();
    expect(within(items[2] as HTMLElement).queryByText(T.unread)).not.toBeInTheDocument();
    expect(within(items[2] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: T.markAllRead })).toBeInTheDocument();
  });

  it('caps the count on the icon at 9+', async () => {
    const many = Array.from({ length: 10 }, (_, i) => ({
      ...PAID,
      id: `d4e5f6a7-b8c9-4d0e-9f2a-3b4c5d6e7f${String(i).padStart(2, '0')}`,
    }));
    renderBell({ body: page(many) });
    expect(await bell(10)).toHaveTextContent(/^9\+$/);
  });

  it('marks one notification read: at once on screen, then as the server counts', async () => {
    const path = `POST ${NOTIFICATIONS_PATH}/${PAID.id}/read` as const;
    const { api, user } = renderBell(
      [{ body: page([CONFIRMED, PAID, OLD]) }, { body: page([CONFIRMED, read(PAID), OLD]) }],
      { [path]: { body: { unreadCount: 1 } } },
    );
    await user.click(await bell(2));
    const panel = await screen.findByRole('dialog', { name: T.title });
    await user.click(within(panel).getByRole('button', { name: `${T.markRead}: ${PAID.title}` }));

    expect(await bell(1)).toBeInTheDocument();
    expect(api.callsTo(path)).toEqual([
      { method: 'POST', url: `${NOTIFICATIONS_PATH}/${PAID.id}/read`, body: undefined },
    ]);
    expect(
      within(panel).queryByRole('button', { name: `${T.markRead}: ${PAID.title}` }),
    ).not.toBeInTheDocument();
    // The bell is read again to confirm.
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
  });

  it('marks all read with "Marcar todas como lidas"', async () => {
    const path = `POST ${NOTIFICATIONS_PATH}/read-all` as const;
    const { api, user } = renderBell(
      [{ body: page([CONFIRMED, PAID]) }, { body: page([read(CONFIRMED), read(PAID)]) }],
      { [path]: { body: { unreadCount: 0 } } },
    );
    await user.click(await bell(2));
    await user.click(await screen.findByRole('button', { name: T.markAllRead }));

    expect(await bell(0)).toBeInTheDocument();
    expect(api.callsTo(path)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: T.markAllRead })).not.toBeInTheDocument();
    expect(screen.queryByText(T.unread)).not.toBeInTheDocument();
  });

  it('follows a notification’s link, marking it read and closing the panel', async () => {
    const path = `POST ${NOTIFICATIONS_PATH}/${CONFIRMED.id}/read` as const;
    const { api, user, location } = renderBell(
      [{ body: page([CONFIRMED]) }, { body: page([read(CONFIRMED)]) }],
      { [path]: { body: { unreadCount: 0 } } },
    );
    await user.click(await bell(1));
    await user.click(await screen.findByRole('link', { name: new RegExp(CONFIRMED.title) }));

    await waitFor(() => expect(location.pathname).toBe(CONFIRMED.link));
    expect(api.callsTo(path)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await bell(0)).toBeInTheDocument();
  });

  it('says so and puts back what the server still counts as unread when marking read fails', async () => {
    const path = `POST ${NOTIFICATIONS_PATH}/${PAID.id}/read` as const;
    const { api, user } = renderBell(
      { body: page([CONFIRMED, PAID]) },
      {
        [path]: apiError(500, INTERNAL_ERROR_MESSAGE),
      },
    );
    await user.click(await bell(2));
    await user.click(await screen.findByRole('button', { name: `${T.markRead}: ${PAID.title}` }));
    // Read again after the failure: still two unread, and the button is back.
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
    expect(api.callsTo(path)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: `${T.markRead}: ${PAID.title}` })).toBeInTheDocument();
    expect(await bell(2)).toBeInTheDocument();
    expect(await findToast(T.markReadError, INTERNAL_ERROR_MESSAGE)).toBeInTheDocument();
  });

  it('says when there is nothing to show', async () => {
    const { user } = renderBell({ body: page([]) });
    await user.click(await bell(0));
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    expect(screen.getByText(T.emptyHint)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.markAllRead })).not.toBeInTheDocument();
  });

  it('says the notifications could not load, and reads them again on "Tentar novamente"', async () => {
    const { api, user } = renderBell([apiError(500, INTERNAL_ERROR_MESSAGE), { body: page([PAID]) }]);
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(1));
    await user.click(await bell(0));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(T.loadError)).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: T.retry }));
    expect(await screen.findByText(PAID.title)).toBeInTheDocument();
    expect(await bell(1)).toBeInTheDocument();
  });
});
