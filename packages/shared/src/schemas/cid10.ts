import './zod-setup.ts';
import { z } from 'zod';

/** The edition of the project's CID-10 table (generated from DATASUS; decision 085). */
export const CID10_VERSION = 'CID-10 DATASUS 2008';
export const CID10_SEARCH_MAX_LIMIT = 50;
export const CID10_SEARCH_DEFAULT_LIMIT = 20;

/** A code as written by people: J45, J45.0, j450. */
export const cid10CodePattern = /^[A-Za-z]\d{2}(\.?[\dXx])?$/;

/** Upper case, no dot: the stored form (J45.0 → J450). */
export const normalizeCid10Code = (code: string) => code.trim().toUpperCase().replace('.', '');

/** J450 → J45.0; a category stays as it is. */
export const displayCid10Code = (code: string) =>
  code.length > 3 ? `${code.slice(0, 3)}.${code.slice(3)}` : code;

/** Lower case without accents: how descriptions and queries are compared. */
export const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a text, folded; each is matched as a prefix. */
export const searchWords = (text: string) =>
  foldText(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);

export const cid10SearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Digite um código ou uma palavra.').max(100, 'Busca longa demais.'),
  limit: z.coerce.number().int().min(1).max(CID10_SEARCH_MAX_LIMIT).default(CID10_SEARCH_DEFAULT_LIMIT),
});
export type Cid10SearchQuery = z.infer<typeof cid10SearchQuerySchema>;

export const cid10CodeSchema = z.object({
  /** Without the dot: J450. */
  code: z.string(),
  /** With the dot: J45.0. */
  display: z.string(),
  description: z.string(),
  kind: z.enum(['category', 'subcategory']),
});
export type Cid10Code = z.infer<typeof cid10CodeSchema>;

export const cid10SearchResultSchema = z.object({
  version: z.string(),
  items: z.array(cid10CodeSchema),
});
export type Cid10SearchResult = z.infer<typeof cid10SearchResultSchema>;
