/**
 * The browser's side of push notifications (decision 144): the service worker (public/sw.js), the
 * Push API subscription, and what the app does when a notification is clicked. The screens that
 * turn notifications on and off are features/push; sign-out uses `detachPushSubscription`.
 */

export const SERVICE_WORKER_URL = '/sw.js';
export const PUSH_SUBSCRIPTIONS_PATH = '/api/push/subscriptions';

/** Why this browser cannot receive push messages, if it cannot. */
export type PushSupport = 'supported' | 'unsupported' | 'needs-install';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('Notification' in window))
    return 'unsupported';
  if ('PushManager' in window) return 'supported';
  // Safari on iPhone and iPad offers push only to a site added to the home screen.
  return /iPhone|iPad|iPod/.test(navigator.userAgent) ? 'needs-install' : 'unsupported';
}

/** The service worker's registration, registering it if no page did yet (development, first visit). */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This browser's subscription, if it has one (without registering anything). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** A base64url key as the bytes `pushManager.subscribe` takes in every browser. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** Whether a subscription was made with this server key (a changed key needs a new one). */
export function madeWithKey(subscription: PushSubscription, publicKey: string): boolean {
  const used = subscription.options?.applicationServerKey;
  if (!used) return true;
  const expected = keyBytes(publicKey);
  const bytes = new Uint8Array(used);
  return bytes.length === expected.length && bytes.every((b, i) => b === expected[i]);
}

/**
 * Registers the service worker once the page has loaded (the production build only: the
 * development server reloads too often for one to be useful), and lets a click on a notification
 * move an open tab to its link without reloading the app.
 */
export function startServiceWorker(navigate: (link: string) => void): void {
  if (pushSupport() === 'unsupported' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; link?: unknown } | null;
    if (data?.type !== 'pulsa:navigate' || typeof data.link !== 'string') return;
    if (data.link.startsWith('/') && !data.link.startsWith('//')) navigate(data.link);
  });
  if (!import.meta.env.PROD) return;
  const register = () =>
    void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Before signing out: this browser stops receiving the person's notifications (their subscription
 * is deleted on the server and dropped by the browser), so whoever uses it next does not see them.
 * Best effort and quick: sign-out never waits long for it.
 */
export async function detachPushSubscription(): Promise<void> {
  // Without the permission no subscription can exist: nothing to ask the service worker.
  if (pushSupport() !== 'supported' || Notification.permission !== 'granted') return;
  const work = (async () => {
    const subscription = await currentPushSubscription();
    if (!subscription) return;
    await fetch(PUSH_SUBSCRIPTIONS_PATH, {
      method: 'DELETE',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ endpoint: subscription.endpoint }),
    }).catch(() => undefined);
    await subscription.unsubscribe().catch(() => false);
  })().catch(() => undefined);
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, 3000))]);
}
