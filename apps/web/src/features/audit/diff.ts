import { AUDIT_TEXT as T } from './texts';

export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** Nested objects become "a.b" paths; arrays and values stay whole. */
function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0 && prefix) out.set(prefix, value);
    for (const [key, v] of entries) flatten(v, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) out.set(prefix, value);
  else if (value !== null && value !== undefined) out.set('valor', value);
  return out;
}

/**
 * The recorded state before and after as one row per field, in the order they appear, each marked
 * when it changed: a readable diff for the details dialog.
 */
export function changedFields(before: unknown, after: unknown): DiffRow[] {
  const a = flatten(before);
  const b = flatten(after);
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  return fields.map((field) => {
    const x = a.get(field);
    const y = b.get(field);
    return { field, before: x, after: y, changed: JSON.stringify(x) !== JSON.stringify(y) };
  });
}

/** A recorded value as text: "Sim"/"Não", "—" for nothing, lists joined, objects as JSON. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return T.empty_value;
  if (typeof value === 'boolean') return value ? T.yes : T.no;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return value.length === 0
      ? T.empty_value
      : value
          .map((v) =>
            isPlainObject(v)
              ? typeof v.name === 'string'
                ? v.name
                : JSON.stringify(v)
              : formatAuditValue(v),
          )
          .join(', ');
  return JSON.stringify(value);
}
