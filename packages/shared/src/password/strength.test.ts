import { describe, expect, it } from 'vitest';
import { passwordStrength } from './strength.ts';

describe('passwordStrength', () => {
  it('calls common and breached passwords, also reversed or with l33t swaps, too common', async () => {
    for (const pw of ['senha123', 'password1', '12345678', 'p@ssw0rd', '87654321', 'qwertyuiop']) {
      expect((await passwordStrength(pw)).tooCommon, pw).toBe(true);
    }
  });

  it('accepts long, unusual passwords and scores them high', async () => {
    const result = await passwordStrength('Ipê-amarelo em Setembro 24');
    expect(result.tooCommon).toBe(false);
    expect(result.score).toBe(4);
  });

  it('scores a password built from the person’s own name low', async () => {
    const plain = await passwordStrength('mariana.alves');
    const personal = await passwordStrength('mariana.alves', [
      'Mariana Alves',
      'mariana.alves@exemplo.com.br',
    ]);
    expect(personal.score).toBeLessThan(plain.score);
  });
});
