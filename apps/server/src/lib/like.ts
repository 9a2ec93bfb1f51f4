/** `%`, `_` and `\` typed in a search box are searched for literally in LIKE/ILIKE patterns. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
