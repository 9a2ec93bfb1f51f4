import './zod-setup.ts';
import { z } from 'zod';

/**
 * Web Push (decision 144): the browsers a person asked to be notified in. A subscription is the
 * Push API's PushSubscription as `toJSON()` gives it; the server keeps its endpoint and keys.
 */

export const PUSH_TEXT = {
  endpointInvalid: 'O endereço de notificações do navegador é inválido.',
  endpointNotHttps: 'O navegador informou um endereço de notificações sem https.',
  serviceNotAccepted:
    'O serviço de notificações deste navegador não é aceito. Use Chrome, Edge, Firefox ou Safari.',
  keyInvalid: 'As chaves de notificação do navegador são inválidas.',
  notFound: 'Este navegador não está inscrito para receber notificações.',
} as const;

/** The longest endpoint accepted (the push services' are well under 1,000 characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

const base64url = (bytes: number) =>
  z
    .string({ error: PUSH_TEXT.keyInvalid })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: PUSH_TEXT.keyInvalid })
    .refine((v) => base64urlLength(v) === bytes, { error: PUSH_TEXT.keyInvalid });

/** Bytes a base64url text decodes to (padding ignored). */
function base64urlLength(text: string): number {
  const bare = text.replace(/=+$/, '');
  return Math.floor((bare.length * 3) / 4);
}

const endpointSchema = z
  .string({ error: PUSH_TEXT.endpointInvalid })
  .trim()
  .max(PUSH_ENDPOINT_MAX_LENGTH, { error: PUSH_TEXT.endpointInvalid })
  .pipe(z.url({ protocol: /^https?$/, error: PUSH_TEXT.endpointInvalid }));

/** What the browser's `PushSubscription.toJSON()` gives: endpoint and keys (expirationTime ignored). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: endpointSchema,
  /** When the browser says the subscription ends (ms since 1970), if it says; not kept. */
  expirationTime: z.number().min(0).max(8.64e15).nullable().optional(),
  keys: z.object(
    {
      /** The browser's P-256 public key, uncompressed (65 bytes). */
      p256dh: base64url(65),
      /** The browser's 16-byte auth secret. */
      auth: base64url(16),
    },
    { error: PUSH_TEXT.keyInvalid },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushEndpointSchema = z.object({ endpoint: endpointSchema });
export type PushEndpoint = z.infer<typeof pushEndpointSchema>;

/** The server's VAPID public key: what a browser subscribes with (`applicationServerKey`). */
export const pushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

/** One of the caller's subscriptions, as their browsers see them. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSuccessAt: z.iso.datetime().nullable(),
});
export type PushSubscriptionView = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscriptionListSchema = z.object({ items: z.array(pushSubscriptionSchema) });
export type PushSubscriptionList = z.infer<typeof pushSubscriptionListSchema>;

/**
 * What a push message carries (the service worker shows it): never clinical content, only what
 * the bell shows. `link` is a path inside the app; `tag` folds messages of one subject together.
 */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  tag: z.string().nullable(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
