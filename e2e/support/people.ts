/** Fresh, valid sign-up data for each test run: unique e-mail and a CPF with correct check digits. */
let counter = 0;

export function uniqueCpf(): string {
  const base = String(Math.floor(100_000_000 + Math.random() * 899_999_999));
  const nums = [...base].map(Number);
  const digit = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += (nums[i] as number) * (len + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  nums.push(digit(9));
  nums.push(digit(10));
  const cpf = nums.join('');
  return /^(\d)\1{10}$/.test(cpf)
    ? uniqueCpf()
    : `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
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
