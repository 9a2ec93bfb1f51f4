import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every text a person reads — the web app (pages, legal texts, help), the server's emails and
 * messages, the shared messages — calls the brand in the masculine: "o Pulsa", "do Pulsa", "no
 * Pulsa", "ao Pulsa", "pelo Pulsa" (the lead's decision; the spec writes "Bem-vindo de volta ao
 * {brand}"). And "email" is spelt as the spec spells it — "Email" starting a label or sentence,
 * "email" elsewhere, never "e-mail" (decision 112). Scanned in the sources themselves, comments
 * included, so no other form slips back.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SOURCES = ['apps/web/src', 'apps/web/index.html', 'apps/server/src', 'packages/shared/src'];
const FEMININE = /(?<![\p{L}])(a|da|na|à|pela|A|Da|Na|À|Pela) Pulsa\b/gu;
const HYPHENATED_EMAIL = /(?<![\p{L}-])e-mails?\b/giu;

function filesUnder(relative: string): string[] {
  const full = path.join(ROOT, relative);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [full];
  return fs
    .readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|html|md)$/.test(e.name) && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('the texts people read', () => {
  const occurrences = (pattern: RegExp) => {
    const found: string[] = [];
    for (const file of SOURCES.flatMap(filesUnder)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(pattern)) found.push(`${path.relative(ROOT, file)}: "${match[0]}"`);
    }
    return found;
  };

  it('call the brand "o Pulsa", never "a Pulsa"', () => {
    expect(occurrences(FEMININE)).toEqual([]);
  });

  it('write "email" as the spec does, never "e-mail"', () => {
    expect(occurrences(HYPHENATED_EMAIL)).toEqual([]);
  });
});
