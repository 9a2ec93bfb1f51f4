/*
 * The service worker (decision 144): shows the push messages the server sends and opens their link
 * when one is clicked. It has no fetch handler: pages and API calls go to the network exactly as
 * without it, so nothing of the app is ever served stale from a cache.
 */

const ICON = '/icons/icon-192.png';
const FALLBACK = { title: 'Pulsa', body: 'Você tem uma nova notificação.', link: '/', tag: null };

self.addEventListener('install', () => {
  // A new version takes over at once: it holds no cache that an open page could depend on.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Only a path of this site: a message never sends anyone elsewhere. */
function safeLink(link) {
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\')
    ? link
    : '/';
}

function messageOf(event) {
  try {
    const data = event.data ? event.data.json() : null;
    if (data && typeof data.title === 'string' && data.title) return data;
  } catch {
    // Not JSON: the browser must still show something for every push.
  }
  return FALLBACK;
}

self.addEventListener('push', (event) => {
  const message = messageOf(event);
  const tag = typeof message.tag === 'string' && message.tag ? message.tag : undefined;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === 'string' ? message.body : undefined,
      tag,
      // A newer message of the same subject replaces the older one and alerts again.
      renotify: !!tag,
      icon: ICON,
      badge: ICON,
      lang: 'pt-BR',
      data: { link: safeLink(message.link) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = safeLink(event.notification.data?.link);
  const target = new URL(link, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const ours = tabs.filter((tab) => new URL(tab.url).origin === self.location.origin);
      const tab = ours.find((t) => t.url === target) ?? ours.find((t) => t.focused) ?? ours[0];
      if (!tab) {
        await self.clients.openWindow(target);
        return;
      }
      await tab.focus();
      // The app moves to the link itself (lib/push.ts), keeping its state; a tab whose app has
      // not loaded yet is taken there by the browser.
      if (tab.url !== target) tab.postMessage({ type: 'pulsa:navigate', link });
    })(),
  );
});

/** A base64url key as the bytes pushManager.subscribe takes everywhere. */
function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

// The browser renewed or dropped the subscription: subscribe again and tell the server, so the
// person keeps receiving notifications in this browser. The server drops the old endpoint itself
// when its push service answers that it is gone.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const answer = await fetch('/api/push/key', { credentials: 'same-origin' });
      if (!answer.ok) return;
      const { publicKey } = await answer.json();
      const subscription = await self.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      await fetch('/api/push/subscriptions', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(subscription.toJSON()),
      });
    })().catch(() => undefined),
  );
});
