import type { BillingAddress } from '../schemas/appointments.ts';

/** "01310100" → "01310-100". */
export function formatPostalCode(digits: string): string {
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** One line, as a boleto prints it: "Av. Paulista, 1000, apto 42 — Bela Vista — São Paulo/SP — CEP 01310-100". */
export function formatBillingAddress(a: BillingAddress): string {
  const street = [a.street, a.number, a.complement].filter(Boolean).join(', ');
  return `${street} — ${a.district} — ${a.city}/${a.state} — CEP ${formatPostalCode(a.postalCode)}`;
}
