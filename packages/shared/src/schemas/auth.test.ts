import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordFormSchema,
} from './auth.ts';

const valid = {
  name: 'Ana Souza',
  email: 'Ana@Exemplo.com ',
  phone: '(11) 98765-4321',
  cpf: '529.982.247-25',
  password: 'segredo1',
  userType: 'patient',
  acceptTerms: true,
};

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

describe('loginSchema', () => {
  it('accepts and normalises', () => {
    expect(loginSchema.parse({ email: ' A@B.COM', password: '123456' })).toEqual({
      email: 'a@b.com',
      password: '123456',
    });
  });
  it('has the spec messages', () => {
    expect(messages(loginSchema.safeParse({ email: 'nope', password: '123' }))).toEqual({
      email: 'Email inválido',
      password: 'Senha deve ter no mínimo 6 caracteres',
    });
  });
});

describe('registerSchema', () => {
  it('normalises a valid sign-up: digits-only CPF and phone, lower-case email', () => {
    const out = registerSchema.parse(valid);
    expect(out).toMatchObject({
      email: 'ana@exemplo.com',
      phone: '11987654321',
      cpf: '52998224725',
      userType: 'patient',
    });
  });
  it('gives each field its spec message', () => {
    const result = registerSchema.safeParse({
      name: 'Al',
      email: 'x',
      phone: '1234',
      cpf: '123',
      password: '1',
      userType: 'admin',
      acceptTerms: false,
    });
    expect(messages(result)).toEqual({
      name: 'Nome deve ter no mínimo 3 caracteres',
      email: 'Email inválido',
      phone: 'Telefone deve ter no mínimo 10 dígitos',
      cpf: 'CPF deve ter 11 dígitos',
      password: 'Senha deve ter no mínimo 8 caracteres',
      userType: AUTH_MESSAGES.invalidUserType,
      acceptTerms: 'Você deve aceitar os termos de uso e política de privacidade',
    });
  });
  it('rejects a CPF with wrong check digits or all-equal digits', () => {
    expect(messages(registerSchema.safeParse({ ...valid, cpf: '529.982.247-26' })).cpf).toBe('CPF inválido');
    expect(messages(registerSchema.safeParse({ ...valid, cpf: '000.000.000-00' })).cpf).toBe('CPF inválido');
  });
  it('gives missing fields a message too', () => {
    const m = messages(registerSchema.safeParse({}));
    expect(m.name).toBe('Nome deve ter no mínimo 3 caracteres');
    expect(m.cpf).toBe('CPF deve ter 11 dígitos');
  });
  it('drops fields it does not know, such as a smuggled role', () => {
    const out = registerSchema.parse({ ...valid, role: 'admin' }) as Record<string, unknown>;
    expect(out.role).toBeUndefined();
  });
});

describe('forgot and reset', () => {
  it('forgot needs a valid email', () => {
    expect(messages(forgotPasswordSchema.safeParse({ email: 'a' }))).toEqual({ email: 'Email inválido' });
  });
  it('a new password needs 8 characters (sign-in keeps 6)', () => {
    expect(
      messages(resetPasswordFormSchema.safeParse({ password: '1234567', confirmPassword: '1234567' })),
    ).toEqual({
      password: 'Senha deve ter no mínimo 8 caracteres',
    });
  });
  it('reset puts the mismatch on confirmPassword', () => {
    expect(
      messages(
        resetPasswordFormSchema.safeParse({
          password: 'segredo-longo-1',
          confirmPassword: 'segredo-longo-2',
        }),
      ),
    ).toEqual({
      confirmPassword: 'As senhas não coincidem',
    });
    expect(
      messages(resetPasswordFormSchema.safeParse({ password: 'segredo-longo-1', confirmPassword: '1' })),
    ).toEqual({
      confirmPassword: 'Confirme sua senha',
    });
  });
});
