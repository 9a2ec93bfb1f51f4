import { formatCpf, withCpfCheckDigits } from '../../packages/shared/src/format/cpf.ts';

/** Fresh, valid sign-up data for each test run: unique email and a CPF with correct check digits. */
let counter = 0;

export function uniqueCpf(): string {
  const cpf = withCpfCheckDigits(String(Math.floor(100_000_000 + Math.random() * 899_999_999)));
  return /^(\d)\1{10}$/.test(cpf) ? uniqueCpf() : formatCpf(cpf);
}

export function newPerson(prefix = 'paciente') {
  counter++;
  const id = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
  return {
    name: 'Juliana Ferreira Costa',
    email: `${prefix}.${id}@exemplo.com.br`,
    phone: '(11) 98765-4321',
    cpf: uniqueCpf(),
    password: 'senha-e2e-123',
  };
}
