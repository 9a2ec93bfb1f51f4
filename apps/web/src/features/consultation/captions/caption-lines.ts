import type { Caption } from '@pulsa/shared/schemas/consultations';

/** The caption lines on screen: the last few utterances, an utterance's interim words replaced by its final ones. */
export const CAPTION_LINES_SHOWN = 3;

export function addCaption(
  lines: readonly Caption[],
  caption: Caption,
  keep = CAPTION_LINES_SHOWN,
): Caption[] {
  const index = lines.findIndex((line) => line.id === caption.id);
  const next = index >= 0 ? lines.map((line, i) => (i === index ? caption : line)) : [...lines, caption];
  return next.filter((line) => line.text !== '').slice(-keep);
}
