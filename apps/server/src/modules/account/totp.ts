import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@pulsa/shared/constants/business';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** TOTP (RFC 6238, 6 digits, 30 s, SHA-1: what every authenticator app reads) through otplib. */
const ISSUER = 'Pulsa';
/** One step before and after now, for clocks a little off. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export async function totpEnrolment(secret: string, accountLabel: string) {
  const otpauthUrl = generateURI({ issuer: ISSUER, label: accountLabel, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  const qrCodeDataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return { secret, otpauthUrl, qrCodeDataUrl };
}

/**
 * The time step of a valid code, or null. Codes at or before `afterTimeStep` (the last one
 * accepted) are refused, so a code seen over someone's shoulder cannot be replayed.
 */
export async function acceptedTimeStep(
  secret: string,
  code: string,
  afterTimeStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep !== null ? { afterTimeStep } : {}),
  });
  // The TOTP strategy's answer carries the step (the HOTP one, never used here, does not).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

// Recovery codes: 10 characters from an alphabet without look-alikes (0/O, 1/I/L), shown as XXXXX-XXXXX.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The form a recovery code is hashed in: typed in lower case, with spaces or without the dash. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}
