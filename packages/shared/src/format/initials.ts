/** First letters of up to two words of the name (or email), uppercased, at most 2 characters. */
export function initials(nameOrEmail: string | null | undefined, fallback = ''): string {
  const source = (nameOrEmail ?? '').trim();
  if (!source) return fallback;
  const words = source.split(/\s+/).filter(Boolean).slice(0, 2);
  return words
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase()
    .slice(0, 2);
}
