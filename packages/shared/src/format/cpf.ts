/** Keeps only the digits of a CPF typed with or without punctuation. */
export function cpfDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** The 11-digit CPF whose first nine digits are `base`: appends both check digits. */
export function withCpfCheckDigits(base: string): string {
  const nums = [...base.slice(0, 9)].map(Number);
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += (nums[i] as number) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    nums.push(rest === 10 ? 0 : rest);
  }
  return nums.join('');
}

/** True when the CPF has 11 digits, is not a repeated digit and both check digits match. */
export function isValidCpf(value: string): boolean {
  const digits = cpfDigits(value);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  return withCpfCheckDigits(digits) === digits;
}

/** 12345678909 → 123.456.789-09 (returns the input when it is not 11 digits). */
export function formatCpf(value: string): string {
  const d = cpfDigits(value);
  if (d.length !== 11) return value;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/** Hides the middle of a CPF for logs and listings: ***.456.789-** */
export function maskCpf(value: string): string {
  const d = cpfDigits(value);
  if (d.length !== 11) return '***';
  return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
}

/** Formats a CPF while it is typed: "5299822" → "529.982.2". */
export function maskCpfInput(value: string): string {
  const d = cpfDigits(value).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}
