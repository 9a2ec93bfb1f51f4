import QRCode from 'qrcode';

/**
 * PIX "copia e cola" (BR Code): the EMV QRCPS-MPM payload as specified by the Banco Central do
 * Brasil. Each field is ID (2 digits) + length (2 digits) + value; the last one is a CRC16 over
 * everything before it, its own ID and length included.
 */

const PIX_GUI = 'br.gov.bcb.pix';
const MAX_FIELD_LENGTH = 99;
const MAX_MERCHANT_NAME = 25;
const MAX_MERCHANT_CITY = 15;
const TXID_PATTERN = /^[A-Za-z0-9]{1,25}$/;
// Keys (CPF, CNPJ, email, +55 phone, random key) and URLs: printable ASCII without spaces.
const KEY_OR_URL_PATTERN = /^[\x21-\x7E]+$/;

interface PixCommon {
  merchantName: string;
  merchantCity: string;
  /** Centavos. */
  amount: number;
}

/** Static code: the receiver's key, our transaction id and an optional text for the payer. */
export interface StaticPixInput extends PixCommon {
  key: string;
  txid: string;
  description?: string;
  url?: never;
}

/** Dynamic code: the location of the charge at the payment provider (the txid lives there). */
export interface DynamicPixInput extends PixCommon {
  url: string;
  key?: never;
  txid?: never;
  description?: never;
}

export type PixPayloadInput = StaticPixInput | DynamicPixInput;

/** CRC16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, over the UTF-8 bytes; 4 uppercase hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Payers' apps reject accents in several fields: keep plain printable ASCII. */
export function toPixText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function field(id: string, value: string): string {
  if (value.length === 0 || value.length > MAX_FIELD_LENGTH) {
    throw new RangeError(`PIX field ${id} must have 1 to ${MAX_FIELD_LENGTH} characters`);
  }
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

function requiredText(value: string, max: number, what: string): string {
  const text = toPixText(value).slice(0, max).trimEnd();
  if (!text) throw new RangeError(`PIX ${what} is empty`);
  return text;
}

/** "150.00" from 15000 centavos. */
export function formatPixAmount(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`PIX amount must be a positive integer of centavos, got ${amount}`);
  }
  const text = `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
  if (text.length > 13) throw new RangeError('PIX amount is too large');
  return text;
}

function merchantAccount(input: PixPayloadInput): string {
  const gui = field('00', PIX_GUI);
  if (input.url !== undefined) {
    // The location goes without its scheme (the payer's app always uses https).
    const url = input.url.replace(/^https?:\/\//i, '');
    if (!KEY_OR_URL_PATTERN.test(url)) throw new RangeError('PIX URL must be printable ASCII');
    return gui + field('25', url);
  }
  if (!KEY_OR_URL_PATTERN.test(input.key) || input.key.length > 77) {
    throw new RangeError('PIX key must be 1 to 77 printable ASCII characters');
  }
  const withKey = gui + field('01', input.key);
  // The description is informative: shortened to what is left of the field's 99 characters.
  const room = MAX_FIELD_LENGTH - withKey.length - 4;
  const description = toPixText(input.description ?? '')
    .slice(0, Math.max(room, 0))
    .trimEnd();
  return description ? withKey + field('02', description) : withKey;
}

export function buildPixPayload(input: PixPayloadInput): string {
  if ((input.url === undefined) === (input.key === undefined)) {
    throw new RangeError('PIX code needs either a key (static) or a URL (dynamic)');
  }
  let txid = '***'; // dynamic codes: the transaction id is in the charge the URL points to
  if (input.url === undefined) {
    if (!TXID_PATTERN.test(input.txid)) throw new RangeError('PIX txid must be 1 to 25 letters or digits');
    txid = input.txid;
  }
  const body =
    field('00', '01') +
    field('01', '12') + // single use
    field('26', merchantAccount(input)) +
    field('52', '0000') +
    field('53', '986') + // BRL
    field('54', formatPixAmount(input.amount)) +
    field('58', 'BR') +
    field('59', requiredText(input.merchantName, MAX_MERCHANT_NAME, 'merchant name')) +
    field('60', requiredText(input.merchantCity, MAX_MERCHANT_CITY, 'merchant city').toUpperCase()) +
    field('62', field('05', txid)) +
    '6304';
  return body + crc16(body);
}

/** Splits "IDLLvalue…" into its fields, in order. */
export function parseTlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) throw new Error(`malformed field at ${at}`);
    const end = at + 4 + Number(lengthText);
    if (end > text.length) throw new Error(`field ${id} runs past the end`);
    fields.set(id, text.slice(at + 4, end));
    at = end;
  }
  return fields;
}

export interface ParsedPix {
  payloadFormat: string;
  pointOfInitiation?: string;
  key?: string;
  url?: string;
  description?: string;
  merchantCategoryCode?: string;
  currency?: string;
  /** Centavos; absent when the payer types the amount. */
  amount?: number;
  country?: string;
  merchantName?: string;
  merchantCity?: string;
  txid?: string;
  crc: string;
}

function parseAmount(text: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`invalid amount "${text}"`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Reads a BR Code back, checking its structure and its CRC. */
export function parsePixPayload(payload: string): ParsedPix {
  const crcMatch = /6304([0-9A-Fa-f]{4})$/.exec(payload);
  if (!crcMatch?.[1]) throw new Error('payload does not end with a CRC field');
  const crc = crcMatch[1].toUpperCase();
  if (crc16(payload.slice(0, -4)) !== crc) throw new Error('CRC does not match');

  const fields = parseTlv(payload);
  const payloadFormat = fields.get('00');
  if (payloadFormat !== '01' || !payload.startsWith('000201')) throw new Error('not a BR Code');
  const account = parseTlv(fields.get('26') ?? '');
  if (account.get('00')?.toLowerCase() !== PIX_GUI) throw new Error('not a PIX code');
  const amount = fields.get('54');
  return {
    payloadFormat,
    pointOfInitiation: fields.get('01'),
    key: account.get('01'),
    url: account.get('25'),
    description: account.get('02'),
    merchantCategoryCode: fields.get('52'),
    currency: fields.get('53'),
    amount: amount === undefined ? undefined : parseAmount(amount),
    country: fields.get('58'),
    merchantName: fields.get('59'),
    merchantCity: fields.get('60'),
    txid: parseTlv(fields.get('62') ?? '').get('05'),
    crc,
  };
}

/** The QR code of a payload, as an SVG document. */
export function pixQrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}
