import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { TURN_CREDENTIAL_TTL_SECONDS, turnCredentials } from './turn-credentials.ts';

describe('turnCredentials', () => {
  it('signs "<expiry>:<user>" with the shared secret, as coturn checks it', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const creds = turnCredentials(
      { urls: ['turns:turn.pulsa.example:5349'], secret: 'north-star-0123456789' },
      'user-1',
      now,
    );
    const expiry = now.getTime() / 1000 + TURN_CREDENTIAL_TTL_SECONDS;
    expect(creds.username).toBe(`${expiry}:user-1`);
    // Computed independently: printf '1795629600:user-1' | openssl dgst -sha1 -hmac north-star-0123456789 -binary | base64
    expect(creds.credential).toBe('Q0/LJRxMaj88YTXi3bxG1pNDQc4=');
    expect(creds.urls).toEqual(['turns:turn.pulsa.example:5349']);
  });

  it('is configured by TURN_URLS and TURN_SECRET together', () => {
    const config = loadConfig({
      TURN_URLS: 'turn:turn.pulsa.example:3478?transport=udp, turns:turn.pulsa.example:5349',
      TURN_SECRET: 'north-star-0123456789',
    });
    expect(config.turn?.urls).toEqual([
      'turn:turn.pulsa.example:3478?transport=udp',
      'turns:turn.pulsa.example:5349',
    ]);
    expect(() => loadConfig({ TURN_URLS: 'turn:turn.pulsa.example:3478' })).toThrow(/set together/);
    expect(() =>
      loadConfig({ TURN_URLS: 'https://turn.example', TURN_SECRET: 'north-star-0123456789' }),
    ).toThrow(/turn: or turns:/);
  });
});
