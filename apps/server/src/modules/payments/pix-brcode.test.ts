import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  buildPixPayload,
  crc16,
  formatPixAmount,
  parsePixPayload,
  parseTlv,
  pixQrSvg,
  toPixText,
} from './pix-brcode.ts';

const base = {
  key: 'pagamentos@pulsa.com.br',
  merchantName: 'Pulsa Telemedicina',
  merchantCity: 'Sao Paulo',
  amount: 15_000,
  txid: 'sbx0a1b2c3d',
};

/** The static example of the Banco Central's BR Code manual (random key, no amount). */
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('crc16', () => {
  it('is CRC16/CCITT-FALSE', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16('')).toBe('FFFF');
  });

  it('matches the CRC of the Banco Central example', () => {
    expect(crc16(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });
});

describe('parsePixPayload', () => {
  it('reads the Banco Central example', () => {
    expect(parsePixPayload(BCB_EXAMPLE)).toMatchObject({
      payloadFormat: '01',
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantCategoryCode: '0000',
      currency: '986',
      amount: undefined,
      country: 'BR',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: '***',
      crc: '1D3D',
    });
  });

  it('refuses a payload whose CRC does not match', () => {
    expect(() => parsePixPayload(BCB_EXAMPLE.replace('Fulano', 'Fulana'))).toThrow(/CRC/);
    expect(() => parsePixPayload(`${BCB_EXAMPLE.slice(0, -4)}1D3E`)).toThrow(/CRC/);
    expect(() => parsePixPayload(BCB_EXAMPLE.slice(0, -8))).toThrow();
  });

  it('refuses malformed fields', () => {
    expect(() => parseTlv('0002')).toThrow();
    expect(() => parseTlv('00x201')).toThrow();
    expect(parseTlv('000201010212')).toEqual(
      new Map([
        ['00', '01'],
        ['01', '12'],
      ]),
    );
  });
});

describe('buildPixPayload', () => {
  it('builds the fields in the order and format of the specification', () => {
    const payload = buildPixPayload(base);
    const body =
      '000201' +
      '010212' +
      '26450014br.gov.bcb.pix0123pagamentos@pulsa.com.br' +
      '52040000' +
      '5303986' +
      '5406150.00' +
      '5802BR' +
      '5918Pulsa Telemedicina' +
      '6009SAO PAULO' +
      '62150511sbx0a1b2c3d' +
      '6304';
    expect(payload).toBe(body + crc16(body));
    expect(payload).toMatch(/6304[0-9A-F]{4}$/);
  });

  it('round-trips through the parser', () => {
    const parsed = parsePixPayload(buildPixPayload({ ...base, description: 'Consulta Pulsa' }));
    expect(parsed).toMatchObject({
      pointOfInitiation: '12',
      key: base.key,
      description: 'Consulta Pulsa',
      amount: 15_000,
      merchantName: 'Pulsa Telemedicina',
      merchantCity: 'SAO PAULO',
      txid: base.txid,
    });
    expect(parsed.url).toBeUndefined();
  });

  it('builds a dynamic code with the location and no txid of its own', () => {
    const { key: _key, txid: _txid, ...common } = base;
    const parsed = parsePixPayload(
      buildPixPayload({ ...common, url: 'https://pix.example.com/qr/v2/abc123' }),
    );
    expect(parsed.url).toBe('pix.example.com/qr/v2/abc123');
    expect(parsed.key).toBeUndefined();
    expect(parsed.txid).toBe('***');
    expect(parsed.pointOfInitiation).toBe('12');
  });

  it('refuses a code with both a key and a URL, or neither', () => {
    const both = { ...base, url: 'pix.example.com/qr/v2/abc123' } as unknown as Parameters<
      typeof buildPixPayload
    >[0];
    expect(() => buildPixPayload(both)).toThrow(RangeError);
    const { key: _key, ...noKey } = base;
    expect(() => buildPixPayload(noKey as unknown as Parameters<typeof buildPixPayload>[0])).toThrow(
      RangeError,
    );
  });

  it('strips accents and keeps name and city within their limits', () => {
    const parsed = parsePixPayload(
      buildPixPayload({
        ...base,
        merchantName: 'Clínica São João da Conceição Ltda',
        merchantCity: 'Ribeirão das Neves',
        description: 'Sessão de avaliação',
      }),
    );
    expect(parsed.merchantName).toBe('Clinica Sao Joao da Conce');
    expect(parsed.merchantName).toHaveLength(25);
    expect(parsed.merchantCity).toBe('RIBEIRAO DAS NE');
    expect(parsed.description).toBe('Sessao de avaliacao');
    expect(toPixText('  Açaí  com\tÑandu ✓ ')).toBe('Acai com Nandu');
  });

  it('shortens a long description to fit the merchant account field', () => {
    const payload = buildPixPayload({ ...base, description: 'x'.repeat(200) });
    const account = parseTlv(payload).get('26') ?? '';
    expect(account).toHaveLength(99);
    expect(parsePixPayload(payload).description).toBe('x'.repeat(99 - 18 - 27 - 4));
  });

  it('formats amounts with two decimals from centavos', () => {
    expect(formatPixAmount(15_000)).toBe('150.00');
    expect(formatPixAmount(1)).toBe('0.01');
    expect(formatPixAmount(10)).toBe('0.10');
    expect(formatPixAmount(123_456)).toBe('1234.56');
    for (const amount of [1, 99, 100, 15_050, 9_999_999]) {
      expect(parsePixPayload(buildPixPayload({ ...base, amount })).amount).toBe(amount);
    }
  });

  it('refuses invalid input', () => {
    expect(() => buildPixPayload({ ...base, amount: 0 })).toThrow(RangeError);
    expect(() => buildPixPayload({ ...base, amount: 10.5 })).toThrow(RangeError);
    expect(() => buildPixPayload({ ...base, txid: 'has-dash' })).toThrow(RangeError);
    expect(() => buildPixPayload({ ...base, txid: 'a'.repeat(26) })).toThrow(RangeError);
    expect(() => buildPixPayload({ ...base, txid: '' })).toThrow(RangeError);
    expect(() => buildPixPayload({ ...base, key: 'with space' })).toThrow(RangeError);
    expect(() => buildPixPayload({ ...base, key: 'k'.repeat(78) })).toThrow(RangeError);
    expect(() => buildPixPayload({ ...base, merchantName: '✓✓' })).toThrow(RangeError);
    expect(buildPixPayload({ ...base, txid: 'A'.repeat(25) })).toContain(`0525${'A'.repeat(25)}`);
  });
});

describe('pixQrSvg', () => {
  it('draws the payload as an SVG QR code with level M and a one-module margin', async () => {
    const payload = buildPixPayload(base);
    const svg = await pixQrSvg(payload);
    const size = QRCode.create(payload, { errorCorrectionLevel: 'M' }).modules.size + 2;
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain(`viewBox="0 0 ${size} ${size}"`);
    expect(svg).not.toBe(await pixQrSvg(buildPixPayload({ ...base, amount: 15_001 })));
  });
});
