export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** 11987654321 → (11) 98765-4321; 1133334444 → (11) 3333-4444. */
export function formatPhone(value: string): string {
  const d = phoneDigits(value);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return value;
}

/** Formats a phone while it is typed: "11987" → "(11) 987". */
export function maskPhoneInput(value: string): string {
  const d = phoneDigits(value).slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}
