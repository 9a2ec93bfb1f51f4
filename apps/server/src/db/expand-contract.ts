/**
 * The expand/contract rule for migrations (decision 139): while a release rolls out, the previous
 * release's instances keep running on the migrated database, so a migration may only add what the
 * previous release does not see. Two checks share this module: a reading of the migration's SQL
 * (`contractingStatements`) and a comparison of the schema before and after it (`schemaBreaks`).
 */

/** Migrations up to this index came before the rule; they are not judged. */
export const LAST_MIGRATION_BEFORE_THE_RULE = 51;

export interface Finding {
  statement: string;
  reason: string;
}

const CONTRACT_MARKER = /--\s*contract:.*\bsince\s+(\d{4})\b/i;
const COMPATIBLE_MARKER = /--\s*compatible:\s*\S/i;

/** What the previous release may still read or write, and so no migration may take away. */
const CONTRACTING: { pattern: RegExp; reason: string }[] = [
  { pattern: /\bDROP\s+(TABLE|VIEW|MATERIALIZED\s+VIEW|TYPE|SEQUENCE|SCHEMA)\b/i, reason: 'drops an object' },
  { pattern: /\bDROP\s+COLUMN\b/i, reason: 'drops a column' },
  { pattern: /\bRENAME\b/i, reason: 'renames a table, column or constraint' },
  { pattern: /\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i, reason: "changes a column's type" },
  { pattern: /\bALTER\s+COLUMN\s+\S+\s+DROP\s+DEFAULT\b/i, reason: "drops a column's default" },
  // A unique index or constraint may be what the previous release's ON CONFLICT names.
  { pattern: /\bDROP\s+(INDEX|CONSTRAINT)\b/i, reason: 'drops an index or constraint' },
  { pattern: /\bDROP\s+(FUNCTION|PROCEDURE|TRIGGER)\b/i, reason: 'drops a function or trigger' },
];

/** What may reject a write the previous release makes, unless the migration says why it does not. */
const TIGHTENING: { pattern: RegExp; reason: string }[] = [
  { pattern: /\bALTER\s+COLUMN\s+\S+\s+SET\s+NOT\s+NULL\b/i, reason: 'makes a column required' },
  { pattern: /\bADD\s+CONSTRAINT\b/i, reason: 'adds a constraint to a table that already held rows' },
  {
    pattern: /\bCREATE\s+UNIQUE\s+INDEX\b/i,
    reason: 'adds a unique index to a table that already held rows',
  },
];

const quoted = (name: string) => name.replace(/"/g, '').replace(/^public\./, '');

/**
 * The statements of one migration that break the rule: each contracting statement needs a
 * `-- contract: <what> unused since NNNN` comment naming an earlier migration (since then no release
 * uses it), each tightening one on an existing table a `-- compatible: <why>` comment. A comment
 * covers the statement it stands in.
 */
export function contractingStatements(sql: string, migrationIndex: number): Finding[] {
  const statements = sql
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
  // Tables this migration makes: constraints and unique indexes on them reject nothing yet.
  const created = new Set(
    [...sql.matchAll(/\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([\w".]+)/gi)].map((m) =>
      quoted(m[1] ?? ''),
    ),
  );
  const findings: Finding[] = [];
  for (const statement of statements) {
    const code = statement.replace(/--[^\n]*/g, '');
    const table = /\b(?:ALTER\s+TABLE(?:\s+ONLY)?(?:\s+IF\s+EXISTS)?|\bON)\s+([\w".]+)/i.exec(code)?.[1];
    const onNewTable = table !== undefined && created.has(quoted(table));
    for (const rule of CONTRACTING) {
      if (!rule.pattern.test(code)) continue;
      const since = CONTRACT_MARKER.exec(statement)?.[1];
      if (since !== undefined && Number(since) < migrationIndex) continue;
      findings.push({
        statement: firstLine(code),
        reason:
          since === undefined
            ? `${rule.reason} without a "-- contract: … unused since NNNN" comment`
            : `${rule.reason}, but migration ${since} is not earlier than this one`,
      });
      break;
    }
    for (const rule of TIGHTENING) {
      if (!rule.pattern.test(code) || onNewTable || COMPATIBLE_MARKER.test(statement)) continue;
      findings.push({
        statement: firstLine(code),
        reason: `${rule.reason} without a "-- compatible: …" comment`,
      });
      break;
    }
    // A new required column without a default fails every insert of the previous release.
    for (const m of code.matchAll(/\bADD\s+COLUMN\s+(?:IF\s+NOT\s+EXISTS\s+)?("[^"]+"|\w+)([^,;]*)/gi)) {
      const definition = m[2] ?? '';
      if (/\bNOT\s+NULL\b/i.test(definition) && !/\bDEFAULT\b|\bGENERATED\b/i.test(definition))
        findings.push({
          statement: firstLine(code),
          reason: `adds the required column ${m[1]} without a default`,
        });
    }
  }
  return findings;
}

const firstLine = (code: string) => code.trim().split('\n')[0]?.slice(0, 160) ?? '';

/** A column as information_schema shows it. */
export interface ColumnShape {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

/**
 * What the previous release meets on the migrated schema that it cannot live with: a table or column
 * it reads gone or of another type, a column it leaves out made required, a new required column on
 * one of its tables with no default for the rows it inserts.
 */
export function schemaBreaks(before: ColumnShape[], after: ColumnShape[]): string[] {
  const key = (c: ColumnShape) => `${c.table}.${c.column}`;
  const now = new Map(after.map((c) => [key(c), c]));
  const oldTables = new Set(before.map((c) => c.table));
  const newTables = new Set(after.map((c) => c.table));
  const breaks: string[] = [];
  for (const table of oldTables) if (!newTables.has(table)) breaks.push(`table ${table} is gone`);
  for (const column of before) {
    if (!newTables.has(column.table)) continue;
    const later = now.get(key(column));
    if (!later) breaks.push(`column ${key(column)} is gone`);
    else if (later.type !== column.type)
      breaks.push(`column ${key(column)} changed type from ${column.type} to ${later.type}`);
    else if (column.nullable && !later.nullable && !later.hasDefault)
      breaks.push(`column ${key(column)} became required`);
    else if (column.hasDefault && !later.hasDefault && !later.nullable)
      breaks.push(`column ${key(column)} lost its default`);
  }
  const old = new Set(before.map(key));
  for (const column of after)
    if (oldTables.has(column.table) && !old.has(key(column)) && !column.nullable && !column.hasDefault)
      breaks.push(`new column ${key(column)} is required and has no default`);
  return breaks;
}
