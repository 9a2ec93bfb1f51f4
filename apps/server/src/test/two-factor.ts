import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';

/** The TOTP code of `secret`, `steps` 30-second steps from now (a later step avoids the replay guard). */
export function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** Enrols two-factor sign-in for the session's user through the API, as the settings screen does. */
export async function enrolTwoFactor(app: FastifyInstance, cookie: string) {
  const setup = await app.inject({
    method: 'POST',
    url: '/api/account/two-factor/setup',
    headers: { cookie },
  });
  if (setup.statusCode !== 200)
    throw new Error(`two-factor setup answered ${setup.statusCode}: ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const enable = await app.inject({
    method: 'POST',
    url: '/api/account/two-factor/enable',
    headers: { cookie },
    payload: { code: await totpCode(secret) },
  });
  if (enable.statusCode !== 200)
    throw new Error(`two-factor enable answered ${enable.statusCode}: ${enable.body}`);
  return { secret, recoveryCodes: (enable.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** Every `name=value` cookie a response set, by name. */
export function cookiesFrom(response: { headers: Record<string, unknown> }): Record<string, string> {
  const raw = response.headers['set-cookie'];
  const list = (Array.isArray(raw) ? raw : [raw]).filter((c): c is string => typeof c === 'string');
  const out: Record<string, string> = {};
  for (const cookie of list) {
    const [pair] = cookie.split(';');
    const eq = (pair ?? '').indexOf('=');
    if (eq > 0) out[(pair as string).slice(0, eq)] = (pair as string).slice(eq + 1);
  }
  return out;
}
