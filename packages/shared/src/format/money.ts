const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Money is stored as integer centavos; this is the only place it becomes "R$ 1.234,56". */
export function formatBRL(centavos: number): string {
  // Intl puts a no-break space after "R$"; a plain space reads and copies the same everywhere.
  return brl.format(centavos / 100).replace(/\u00a0/g, ' ');
}

/** "150", "150.5", "150,50" → 15050 centavos; null when it is not a valid amount. */
export function parseReais(text: string): number | null {
  const trimmed = text.trim();
  // With a comma the dots are thousands separators ("1.234,56"); without one the dot is decimal.
  const normalized = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  const [whole, fraction = ''] = normalized.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 15050 → "150.50", the value a price input shows. */
export function centavosToInput(centavos: number): string {
  return (centavos / 100).toFixed(2);
}
