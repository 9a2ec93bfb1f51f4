import type { AccountSession } from '@pulsa/shared/schemas/account';
import Bowser from 'bowser';

/** Browser, system and kind of device from the User-Agent, with bowser (MIT). */
export function describeUserAgent(
  userAgent: string | null,
): Pick<AccountSession, 'browser' | 'os' | 'device'> {
  if (!userAgent) return { browser: null, os: null, device: 'other' };
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name ?? null;
  const os = parsed.os.name ? [parsed.os.name, parsed.os.versionName].filter(Boolean).join(' ') : null;
  const platform = parsed.platform.type;
  const device =
    platform === 'desktop' || platform === 'mobile' || platform === 'tablet' ? platform : 'other';
  return { browser, os, device };
}

/**
 * The address with its last part hidden (IPv4: last octet; IPv6: all but the first three groups).
 * Enough to recognise a home or office network; no geolocation database is shipped (decision 036).
 */
export function maskIpAddress(ip: string | null): string | null {
  if (!ip) return null;
  const v4 = ip.replace(/^::ffff:/, '');
  if (/^\d+\.\d+\.\d+\.\d+$/.test(v4)) return `${v4.split('.').slice(0, 3).join('.')}.***`;
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}:****`;
  return null;
}

/** "Chrome em Windows 10", for the new-device email. */
export function deviceLabel(userAgent: string | null): string {
  const { browser, os } = describeUserAgent(userAgent);
  if (browser && os) return `${browser} em ${os}`;
  return browser ?? os ?? 'navegador não identificado';
}

const BRAZIL_TIME = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
});

export function nowInBrazil(): string {
  return `${BRAZIL_TIME.format(new Date())} (horário de Brasília)`;
}
