import type { FaqSection } from './faq';

/** Lowercase, without accents: "Remarcação" and "remarcacao" are the same word to the search. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * The sections and questions whose question or answer contain every word typed, in any order;
 * all of them when the search is empty.
 */
export function searchFaq(sections: readonly FaqSection[], query: string): FaqSection[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...sections];
  return sections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => {
        const haystack = foldText([section.title, item.question, ...item.answer].join(' '));
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((section) => section.items.length > 0);
}

export function countQuestions(sections: readonly FaqSection[]): number {
  return sections.reduce((sum, section) => sum + section.items.length, 0);
}
