import { describe, expect, it } from 'vitest';
import { describeUserAgent, deviceLabel, maskIpAddress } from './devices.ts';
import { newRecoveryCodes, normalizeRecoveryCode } from './totp.ts';

describe('maskIpAddress', () => {
  it('hides the last part of IPv4 (also IPv4-mapped) and all but three groups of IPv6', () => {
    expect(maskIpAddress('189.40.12.77')).toBe('189.40.12.***');
    expect(maskIpAddress('::ffff:10.0.0.5')).toBe('10.0.0.***');
    expect(maskIpAddress('2804:14c:5b80:8a2b::1')).toBe('2804:14c:5b80:****');
    expect(maskIpAddress(null)).toBeNull();
    expect(maskIpAddress('not-an-ip')).toBeNull();
  });
});

describe('describeUserAgent', () => {
  it('names browser, system and kind of device', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(describeUserAgent(iphone)).toMatchObject({ browser: 'Safari', device: 'mobile' });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, device: 'other' });
    expect(deviceLabel(null)).toBe('navegador não identificado');
  });
});

describe('recovery codes', () => {
  it('are ten distinct XXXXX-XXXXX codes without look-alike characters, read in any form', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    expect(normalizeRecoveryCode(' abcde-fghjk ')).toBe('ABCDEFGHJK');
  });
});
