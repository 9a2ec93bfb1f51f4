import { describe, expect, it } from 'vitest';
import {
  formatPixKey,
  isValidCnpj,
  PAYOUT_MESSAGES as M,
  normalizePixKey,
  pixKeyInputSchema,
} from './payouts.ts';

describe('PIX keys by type', () => {
  it.each([
    ['cpf', '529.982.247-25', '52998224725'],
    ['cpf', '52998224725', '52998224725'],
    ['cnpj', '11.222.333/0001-81', '11222333000181'],
    ['email', ' Dra.Ana@Exemplo.COM.br ', 'dra.ana@exemplo.com.br'],
    ['phone', '(11) 91234-5678', '+5511912345678'],
    ['phone', '+55 21 98765-4321', '+5521987654321'],
    ['random', '123E4567-E89B-42D3-A456-426614174000', '123e4567-e89b-42d3-a456-426614174000'],
  ] as const)('%s %s is kept as %s', (type, raw, key) => {
    expect(normalizePixKey(type, raw)).toEqual({ ok: true, key });
  });

  it.each([
    ['cpf', '529.982.247-24', M.pixCpf],
    ['cpf', '111.111.111-11', M.pixCpf],
    ['cpf', 'abc52998224725', M.pixCpf],
    ['cnpj', '11.222.333/0001-82', M.pixCnpj],
    ['cnpj', '52998224725', M.pixCnpj],
    ['email', 'ana@', M.pixEmail],
    ['email', `${'a'.repeat(70)}@exemplo.com`, M.pixEmail],
    ['phone', '(11) 3333-4444', M.pixPhone],
    ['phone', '11912345678x', M.pixPhone],
    ['phone', '(01) 91234-5678', M.pixPhone],
    ['random', '123e4567e89b42d3a456426614174000', M.pixRandom],
    ['random', 'ana@exemplo.com', M.pixRandom],
  ] as const)('%s %s is refused', (type, raw, message) => {
    expect(normalizePixKey(type, raw)).toEqual({ ok: false, message });
  });

  it('a key of one type is not accepted as another', () => {
    expect(normalizePixKey('cnpj', '529.982.247-25').ok).toBe(false);
    expect(normalizePixKey('cpf', '11.222.333/0001-81').ok).toBe(false);
    expect(normalizePixKey('email', '52998224725').ok).toBe(false);
  });

  it('the schema puts the message on the key field', () => {
    const result = pixKeyInputSchema.safeParse({ type: 'cpf', key: '123' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['key'], message: M.pixCpf });
    expect(pixKeyInputSchema.safeParse({ type: 'boleto', key: 'x' }).error?.issues[0]?.message).toBe(
      M.pixKeyTypeRequired,
    );
  });

  it('formats keys for reading', () => {
    expect(formatPixKey('cpf', '52998224725')).toBe('529.982.247-25');
    expect(formatPixKey('cnpj', '11222333000181')).toBe('11.222.333/0001-81');
    expect(formatPixKey('phone', '+5511912345678')).toBe('+55 (11) 91234-5678');
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
  });
});
