// @vitest-environment jsdom
import type { PushSubscriptionList } from '@pulsa/shared/schemas/push';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, renderWithApp } from '@/test/app';
import { PUSH_TEXT as T } from '../texts';
import { PushToggle } from './push-toggle';

/**
 * The switch's states as a person meets them, with the browser's Push API stubbed (jsdom has
 * none) and the API answered at its boundary.
 */

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc123';
const SUBSCRIPTION_JSON = { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } };
const SAVED = {
  endpoint: ENDPOINT,
  userAgent: null,
  createdAt: '2026-11-22T12:00:00.000Z',
  lastSuccessAt: null,
};
const list = (items: (typeof SAVED)[]): { body: PushSubscriptionList } => ({ body: { items } });

interface FakeBrowser {
  subscribed: boolean;
  subscribe: ReturnType<typeof vi.fn>;
  unsubscribe: ReturnType<typeof vi.fn>;
  requestPermission: ReturnType<typeof vi.fn>;
}

/** A browser with the Push API: permission as given, subscribed or not. */
function stubBrowser(
  permission: NotificationPermission,
  subscribed: boolean,
  answer: NotificationPermission = 'granted',
) {
  const browser: FakeBrowser = {
    subscribed,
    subscribe: vi.fn(),
    unsubscribe: vi.fn(),
    requestPermission: vi.fn(),
  };
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: null },
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: browser.unsubscribe.mockImplementation(async () => {
      browser.subscribed = false;
      return true;
    }),
  };
  const pushManager = {
    getSubscription: async () => (browser.subscribed ? subscription : null),
    subscribe: browser.subscribe.mockImplementation(async () => {
      browser.subscribed = true;
      return subscription;
    }),
  };
  const registration = { pushManager };
  vi.stubGlobal('PushManager', class {});
  const notification = { permission };
  browser.requestPermission.mockImplementation(async () => {
    notification.permission = answer;
    return answer;
  });
  vi.stubGlobal('Notification', {
    get permission() {
      return notification.permission;
    },
    requestPermission: browser.requestPermission,
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => registration,
      register: async () => registration,
      ready: Promise.resolve(registration),
      addEventListener: () => {},
    },
  });
  return browser;
}

const forgetBrowser = () => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
};

const stateOf = (container: HTMLElement) =>
  container.querySelector('[data-push-state]')?.getAttribute('data-push-state');

describe('notifications in this browser', () => {
  it('say when the browser does not offer them, and ask the API nothing', async () => {
    const api = mockApi();
    renderWithApp(<PushToggle />);
    expect(await screen.findByText(T.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('say when the browser blocked them, with no switch that cannot work', async () => {
    stubBrowser('denied', false);
    const api = mockApi();
    renderWithApp(<PushToggle />);
    expect(await screen.findByText(T.blocked)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
    forgetBrowser();
  });

  it('turn on: the browser asks permission, subscribes with the server key, and the server keeps it', async () => {
    const browser = stubBrowser('default', false);
    const api = mockApi({
      'GET /api/push/subscriptions': [list([]), list([SAVED])],
      'GET /api/push/key': { body: { publicKey: KEY } },
      'POST /api/push/subscriptions': { body: SAVED },
    });
    const { user, container } = renderWithApp(<PushToggle />);
    expect(await screen.findByText(T.off)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: T.switchLabel }));
    expect(await screen.findByText(T.on)).toBeInTheDocument();
    expect(stateOf(container)).toBe('on');
    expect(screen.getByRole('switch')).toBeChecked();
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    const options = browser.subscribe.mock.calls[0]?.[0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect(Buffer.from(options.applicationServerKey as Uint8Array).toString('base64url')).toBe(KEY);
    expect(api.callsTo('POST /api/push/subscriptions').map((c) => c.body)).toEqual([SUBSCRIPTION_JSON]);
    forgetBrowser();
  });

  it('turn off: the server forgets this browser and the browser unsubscribes', async () => {
    const browser = stubBrowser('granted', true);
    const api = mockApi({
      'GET /api/push/subscriptions': [list([SAVED]), list([])],
      'DELETE /api/push/subscriptions': { status: 204 },
    });
    const { user } = renderWithApp(<PushToggle />);
    expect(await screen.findByText(T.on)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: T.switchLabel }));
    expect(await screen.findByText(T.off)).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/push/subscriptions').map((c) => c.body)).toEqual([
      { endpoint: ENDPOINT },
    ]);
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
    forgetBrowser();
  });

  it('say why turning on failed, and try again when asked', async () => {
    stubBrowser('granted', false);
    const api = mockApi({
      'GET /api/push/subscriptions': [list([]), list([]), list([SAVED])],
      'GET /api/push/key': { body: { publicKey: KEY } },
      'POST /api/push/subscriptions': [
        apiError(400, 'O serviço de notificações deste navegador não é aceito.'),
        { body: SAVED },
      ],
    });
    const { user } = renderWithApp(<PushToggle />);
    await user.click(await screen.findByRole('switch', { name: T.switchLabel }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('O serviço de notificações deste navegador não é aceito.');
    expect(screen.getByRole('switch')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: T.retry }));
    expect(await screen.findByText(T.on)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/push/subscriptions')).toHaveLength(2);
    forgetBrowser();
  });

  it('say so when the permission prompt was closed without an answer', async () => {
    stubBrowser('default', false, 'default');
    mockApi({ 'GET /api/push/subscriptions': list([]) });
    const { user } = renderWithApp(<PushToggle />);
    await user.click(await screen.findByRole('switch', { name: T.switchLabel }));
    expect(await screen.findByRole('alert')).toHaveTextContent(T.permissionDismissed);
    expect(screen.getByRole('button', { name: T.retry })).toBeEnabled();
    forgetBrowser();
  });
});
