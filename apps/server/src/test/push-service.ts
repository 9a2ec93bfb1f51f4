import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/**
 * A real push service for tests: web-push-testing (the Push API's service side), on loopback. It
 * checks the VAPID token against the key a subscription was made with, decrypts each message with
 * the subscription's keys and keeps it, and answers 410 for a subscription it was told to expire.
 */
export interface LocalPushService {
  /** The origin its endpoints have (the app's config allows it: `push.extraServiceOrigins`). */
  origin: string;
  /** A browser's subscribe(): a PushSubscription JSON bound to this VAPID public key. */
  subscribe(applicationServerKey: string): Promise<LocalSubscription>;
  /** The decrypted messages this subscription received, oldest first. */
  messages(subscription: LocalSubscription): Promise<string[]>;
  /** The browser unsubscribed: its endpoint answers 410 from now on. */
  expire(subscription: LocalSubscription): Promise<void>;
  close(): Promise<void>;
}

export interface LocalSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

interface TestingServer {
  _app: { listen(port: number, host: string, callback: () => void): Server };
  setRequestHandlers(): void;
}
type TestingServerClass = new (model: object, port: number) => TestingServer;

const require = createRequire(import.meta.url);

export async function startLocalPushService(): Promise<LocalPushService> {
  const TestingServer = require('web-push-testing/src/server.js') as TestingServerClass;
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
    PushApiModel: new () => { notifyUrl: string };
  };
  const model = new PushApiModel();
  const testing = new TestingServer(model, 0);
  // Its own start listens on every interface and ends the process on an error: on loopback here,
  // on a port of the system's choosing.
  const server = await new Promise<Server>((resolve) => {
    const listening: Server = testing._app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  testing.setRequestHandlers();
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  model.notifyUrl = `${origin}/notify/`;

  const call = async (path: string, body?: unknown): Promise<{ data?: unknown }> => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`push service ${path}: ${response.status} ${text}`);
    const json = response.headers.get('content-type')?.includes('json');
    return json ? (JSON.parse(text) as { data: unknown }) : {};
  };

  return {
    origin,
    async subscribe(applicationServerKey) {
      const answer = await call('/subscribe', { userVisibleOnly: 'true', applicationServerKey });
      return answer.data as LocalSubscription;
    },
    async messages(subscription) {
      const answer = await call('/get-notifications', { clientHash: subscription.clientHash });
      return (answer.data as { messages: string[] }).messages;
    },
    async expire(subscription) {
      await call(`/expire-subscription/${subscription.clientHash}`);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
