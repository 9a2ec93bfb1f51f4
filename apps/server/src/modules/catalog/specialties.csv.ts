import { slugify } from '@pulsa/shared/format/slug';
import {
  SPECIALTY_ADMIN_MESSAGES as M,
  SPECIALTY_ICON_PATTERN,
  SPECIALTY_LIMITS,
  type SpecialtyCsvPreview,
  type SpecialtyCsvRow,
} from '@pulsa/shared/schemas/specialties-admin';
import Papa from 'papaparse';

/**
 * The CSV import of specialties (decision 095), as pure functions: the file's bytes become rows,
 * and the rows against the specialties in the database become a plan — what the preview shows
 * and exactly what the import then applies.
 */

const DELIMITERS = [';', ',', '\t'] as const;
type Delimiter = (typeof DELIMITERS)[number];
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Header names the import reads, in English or Portuguese, without regard to case or accents. */
const COLUMNS: Record<string, 'name' | 'description' | 'icon' | 'slug'> = {
  name: 'name',
  nome: 'name',
  especialidade: 'name',
  description: 'description',
  descricao: 'description',
  icon: 'icon',
  icone: 'icon',
  slug: 'slug',
  endereco: 'slug',
};

/** "Clínica  Geral " → "clinica geral": how two names are told to be the same specialty. */
export function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

// UTF-8 text read as Latin-1 and saved again: "Ã©" for "é", "Ã§" for "ç".
const DOUBLE_ENCODED = /Ã[\u0080-\u00BF]|Â[\u00A0-\u00BF]/;

export interface ParsedCsvRow {
  line: number;
  name: string;
  description: string | null;
  icon: string | null;
  slug: string | null;
  /** Problems found in the row by itself (before comparing with the database). */
  errors: string[];
}

export type CsvEncoding = 'utf-8' | 'windows-1252';

export interface ParsedCsv {
  encoding: CsvEncoding | null;
  delimiter: Delimiter | null;
  fileErrors: string[];
  rows: ParsedCsvRow[];
}

const fileError = (message: string, delimiter: Delimiter | null = null): ParsedCsv => ({
  encoding: null,
  delimiter,
  fileErrors: [message],
  rows: [],
});

/**
 * Reads the file: UTF-8 with or without BOM (Excel's "CSV UTF-8") or Windows-1252 (Excel's plain
 * "CSV" in Portuguese), ";" or "," or tab between columns, a header naming the columns.
 */
export function parseSpecialtyCsv(bytes: Uint8Array): ParsedCsv {
  if (bytes.length === 0) return fileError(M.fileEmpty);
  if (bytes.length > SPECIALTY_LIMITS.csvBytes) return fileError(M.fileTooLarge);
  if (bytes.includes(0)) return fileError(M.fileNotText);
  let text: string;
  let encoding: CsvEncoding = 'utf-8';
  try {
    // fatal: a byte sequence that is not UTF-8 throws instead of becoming "�". The BOM is dropped.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Excel's plain "CSV" in Portuguese is Windows-1252. Bytes that encoding leaves undefined come
    // out as C1 controls, which no spreadsheet text holds: then the file is neither.
    text = new TextDecoder('windows-1252').decode(bytes);
    encoding = 'windows-1252';
    if (/[\u0080-\u009f]/.test(text)) return fileError(M.notUtf8);
  }
  if (text.trim() === '') return fileError(M.fileEmpty);

  // Row by row, to know where each starts: the line a spreadsheet shows (quoted line breaks stay in
  // their row). Empty lines are skipped.
  const records: { cells: string[]; line: number; errors: Papa.ParseError[] }[] = [];
  // The separator is guessed on the first rows without the empty ones (a trailing blank line would
  // make ";" look inconsistent).
  const guessed = Papa.parse<string[]>(text, {
    delimitersToGuess: [...DELIMITERS],
    skipEmptyLines: 'greedy',
    preview: 50,
  }).meta.delimiter;
  let scanned = 0;
  let line = 1;
  let rowStart = 0;
  Papa.parse<string[]>(text, {
    delimiter: guessed,
    skipEmptyLines: false,
    step: (result) => {
      for (; scanned < rowStart; scanned++) if (text.charCodeAt(scanned) === 10) line++;
      const cells = result.data;
      if (!cells.every((c) => c.trim() === '')) records.push({ cells, line, errors: result.errors });
      rowStart = result.meta.cursor;
    },
  });
  const delimiter = (DELIMITERS as readonly string[]).includes(guessed) ? (guessed as Delimiter) : null;
  const [head, ...body] = records;
  if (!head) return fileError(M.fileEmpty, delimiter);
  if (body.length > SPECIALTY_LIMITS.csvRows) return fileError(M.tooManyRows, delimiter);
  const header = head.cells;

  const columns = header.map((h) => COLUMNS[foldName(h).replace(/\s+/g, '')]);
  const nameAt = columns.indexOf('name');
  if (nameAt < 0) {
    // One column whose name holds another separator ("nome|descricao"): the separator is the problem.
    const message =
      header.length === 1 && /[|:]/.test(header[0] ?? '') ? M.delimiterUnknown : M.missingNameColumn;
    return fileError(message, delimiter);
  }
  const at = (record: string[], column: 'description' | 'icon' | 'slug') => {
    const i = columns.indexOf(column);
    const value = i < 0 ? '' : (record[i] ?? '').trim();
    return value === '' ? null : value;
  };

  const rows = body.map(({ cells: record, line: recordLine, errors: parseErrors }): ParsedCsvRow => {
    const name = (record[nameAt] ?? '').replace(/\s+/g, ' ').trim();
    const description = at(record, 'description');
    const icon = at(record, 'icon');
    const slug = at(record, 'slug');
    const errors: string[] = [];
    if (parseErrors.some((e) => e.type === 'Quotes')) errors.push(M.badQuotes);
    if (record.length !== header.length) errors.push(M.rowColumns(record.length, header.length));
    if (!name) errors.push(M.nameRequired);
    else if (name.length > SPECIALTY_LIMITS.name) errors.push(M.nameTooLong);
    if (description && description.length > SPECIALTY_LIMITS.description) errors.push(M.descriptionTooLong);
    if (icon && (icon.length > SPECIALTY_LIMITS.icon || !SPECIALTY_ICON_PATTERN.test(icon)))
      errors.push(M.iconInvalid);
    if (slug && (slug.length > SPECIALTY_LIMITS.slug || !SLUG_PATTERN.test(slug))) errors.push(M.slugInvalid);
    else if (!slug && name && !slugify(name)) errors.push(M.slugInvalid);
    if (DOUBLE_ENCODED.test(name) || (description && DOUBLE_ENCODED.test(description)))
      errors.push(M.doubleEncoded);
    return { line: recordLine, name, description, icon, slug, errors };
  });
  return { encoding, delimiter, fileErrors: [], rows };
}

export interface ExistingSpecialty {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  icon: string;
}

export type PlannedRow = SpecialtyCsvRow & { matchedId: string | null };

/**
 * What importing the rows would do: each row matches an existing specialty by its name (case,
 * accents and spacing aside) or its address, and becomes a creation, an update of the fields that
 * differ (an empty cell never erases; the address of an existing specialty never changes), or
 * nothing. Names repeated in the file and rows pointing at two different specialties are errors.
 */
export function planSpecialtyImport(
  parsed: ParsedCsv,
  existing: ExistingSpecialty[],
): { preview: SpecialtyCsvPreview; rows: PlannedRow[] } {
  const byName = new Map(existing.map((s) => [foldName(s.name), s]));
  const bySlug = new Map(existing.map((s) => [s.slug, s]));
  const seenName = new Map<string, number>();
  const seenSlug = new Map<string, number>();

  const rows = parsed.rows.map((row): PlannedRow => {
    const slug = row.slug ?? slugify(row.name);
    const errors = [...row.errors];
    const folded = foldName(row.name);
    if (row.name) {
      const first = seenName.get(folded) ?? seenSlug.get(slug);
      if (first !== undefined) errors.push(M.duplicateInFile(first));
      else {
        seenName.set(folded, row.line);
        seenSlug.set(slug, row.line);
      }
    }
    const sameName = row.name ? byName.get(folded) : undefined;
    const sameSlug = slug ? bySlug.get(slug) : undefined;
    if (sameName && sameSlug && sameName.id !== sameSlug.id) errors.push(M.slugTakenByOther(sameSlug.name));
    const match = sameName ?? sameSlug ?? null;
    const keepsName = match && !(row.slug !== null && sameSlug?.id === match.id);
    const base = {
      line: row.line,
      // What the specialty will be called: its own name unless the row renames it.
      name: keepsName ? match.name : row.name,
      slug: match?.slug ?? slug,
      description: row.description,
      icon: row.icon,
      matchedName: match?.name ?? null,
      matchedId: match?.id ?? null,
    };
    if (errors.length) return { ...base, action: 'error', changes: [], errors };
    if (!match) return { ...base, action: 'create', changes: [], errors };
    const changes: PlannedRow['changes'] = [];
    // Matched by name, the specialty keeps its own spelling ("CIRURGIA DA MAO" does not replace
    // "Cirurgia da Mão"): a row renames only when its slug column names this very specialty
    // (decision 111).
    const renames = row.slug !== null && sameSlug?.id === match.id;
    if (renames && row.name !== match.name) changes.push('name');
    if (row.description !== null && row.description !== match.description) changes.push('description');
    if (row.icon !== null && row.icon !== match.icon) changes.push('icon');
    return { ...base, action: changes.length ? 'update' : 'unchanged', changes, errors };
  });

  const count = (action: PlannedRow['action']) => rows.filter((r) => r.action === action).length;
  return {
    rows,
    preview: {
      encoding: parsed.encoding,
      delimiter: parsed.delimiter,
      fileErrors: parsed.fileErrors,
      rows: rows.map(({ matchedId: _matchedId, ...row }) => row),
      summary: {
        create: count('create'),
        update: count('update'),
        unchanged: count('unchanged'),
        errors: count('error'),
      },
    },
  };
}
