/** Titles that come before a name and are not what a greeting should use. */
const HONORIFICS = new Set(['dr', 'dra', 'sr', 'sra', 'srta', 'prof', 'profa']);

/** "Maria da Silva" → "Maria"; "Dra. Helena Martins" → "Helena"; the email's local part without a name. */
export function firstName(fullName: string | null | undefined, email?: string | null): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words.find((w) => !HONORIFICS.has(w.replace(/\.$/, '').toLowerCase())) ?? words[0];
  if (first) return first;
  return (email ?? '').split('@')[0] ?? '';
}
