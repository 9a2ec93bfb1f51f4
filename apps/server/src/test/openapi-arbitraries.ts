import fc from 'fast-check';

/**
 * The API document read back as operations, and inputs made from its schemas: a value the schema
 * accepts (as far as JSON schema says), and fast-check arbitraries that mix such values with the
 * boundary values bad input is made of. Shared by the document's walk and its fuzz.
 */

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface OperationObject {
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
}

export interface Operation {
  method: string;
  /** The document's path, "/api/appointments/{id}". */
  path: string;
  label: string;
  object: OperationObject;
  pathParams: Parameter[];
  queryParams: Parameter[];
  jsonBody?: JsonSchema;
  multipartBody?: JsonSchema;
  /** The session cookie is required (not merely read when present). */
  requiresSession: boolean;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, object] of Object.entries(methods)) {
      const parameters = object.parameters ?? [];
      const content = object.requestBody?.content ?? {};
      const security = object.security ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        label: `${method.toUpperCase()} ${path}`,
        object,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        jsonBody: content['application/json']?.schema,
        multipartBody: content['multipart/form-data']?.schema,
        requiresSession:
          security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0),
      });
    }
  }
  return operations;
}

/** The first of anyOf/oneOf, or the schema itself. */
function firstOption(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema;
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

const VALID_UUID = '8f14e45f-ceea-4e7a-9c5b-3f0c1d2e4a6b';

/** A value the schema accepts, as far as JSON schema can tell (refinements may still refuse it). */
export function sampleOf(schema: JsonSchema): unknown {
  const s = firstOption(schema);
  if (s.allOf) return sampleOf(s.allOf[0] as JsonSchema);
  if (s.enum && s.enum.length > 0) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of s.required ?? []) out[name] = sampleOf(s.properties?.[name] ?? {});
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, Math.min(1, s.maximum ?? 1));
    case 'boolean':
      return true;
    default:
      return sampleString(s);
  }
}

function sampleString(s: JsonSchema): string {
  switch (s.format) {
    case 'uuid':
      return VALID_UUID;
    case 'email':
      return 'amostra@exemplo.com.br';
    case 'date':
      return '2099-01-05';
    case 'date-time':
      return '2099-01-05T13:00:00.000Z';
    case 'binary':
      return 'arquivo';
    default:
      break;
  }
  if (s.pattern) {
    const [value] = fc.sample(patternString(s), { seed: 7, numRuns: 1 });
    if (value !== undefined) return value;
  }
  return 'a'.repeat(Math.max(s.minLength ?? 1, 1));
}

function patternString(s: JsonSchema): fc.Arbitrary<string> {
  return fc
    .stringMatching(new RegExp(s.pattern as string))
    .filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Number.POSITIVE_INFINITY));
}

/** Strings bad input is made of: empty, blank, control characters, huge, odd years, numbers too big. */
export const BOUNDARY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0007b',
  'linha\nquebrada',
  '\u202e\u200b',
  '😀',
  'ção',
  'null',
  'true',
  '0',
  '-1',
  '1.5',
  '1e400',
  '0x10',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '99999999999999999999',
  'NaN',
  '0000-01-01',
  '0020-02-29',
  '1899-12-31',
  '2100-02-29',
  '9999-12-31',
  '0000-01-01T00:00:00Z',
  '0020-02-29T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '2026-13-45T25:61:61Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  "' or '1'='1",
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'a'.repeat(101),
  'a'.repeat(121),
  'x'.repeat(2_001),
  'y'.repeat(70_000),
];

/** Numbers bad input is made of: the edges of int4, int8 and doubles, and fractions. */
export const BOUNDARY_NUMBERS: readonly number[] = [
  0,
  -1,
  1,
  0.5,
  -0.5,
  2147483647,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

const boundaryString = fc.constantFrom(...BOUNDARY_STRINGS);
const boundaryNumber = fc.constantFrom(...BOUNDARY_NUMBERS);
/** Something of another type altogether. */
const otherJson = fc.constantFrom<unknown>(null, true, false, 0, -1, '', [], {}, [1, 'a'], { a: 1 });
/** Any bad value: a boundary string or number, or another type. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: boundaryString, weight: 3 },
  { arbitrary: boundaryNumber, weight: 1 },
  { arbitrary: otherJson, weight: 1 },
);

export interface ArbitraryOptions {
  /** Ids that exist (a doctor's, a user's…), offered for uuid fields so calls reach the rows. */
  knownIds?: readonly string[];
}

/**
 * Values in and around a schema: mostly ones it accepts (at the edges of its bounds too), else
 * the boundary values above and values of other types. An object is mostly valid but for one
 * field, so a call gets past validation often enough to reach the handler.
 */
export function arbitraryOf(
  schema: JsonSchema,
  options: ArbitraryOptions = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: validOf(schema, options, depth), weight: 4 },
    { arbitrary: badValue, weight: 1 },
  );
}

/** Values the schema accepts as far as JSON schema can tell, objects with one field gone bad. */
export function validOf(
  schema: JsonSchema,
  options: ArbitraryOptions = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  const options_ = schema.anyOf ?? schema.oneOf;
  if (options_ && options_.length > 1)
    return fc.oneof(...options_.map((o) => validOf(o, options, depth + 1)));
  const s = firstOption(schema);
  if (s.allOf) return validOf(s.allOf[0] as JsonSchema, options, depth);
  const inner = validArbitrary(s, options, depth);
  return s.nullable ? fc.option(inner, { nil: null, freq: 6 }) : inner;
}

function validArbitrary(s: JsonSchema, options: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  if (s.enum && s.enum.length > 0) return fc.constantFrom(...s.enum);
  switch (typeOf(s)) {
    case 'object':
      return objectOf(s.properties ?? {}, s.required ?? [], options, depth);
    case 'array':
      return fc.array(s.items && depth < 4 ? arbitraryOf(s.items, options, depth + 1) : otherJson, {
        maxLength: 4,
      });
    case 'integer':
    case 'number': {
      const min = s.minimum ?? -1_000_000;
      const max = s.maximum ?? 1_000_000;
      return fc.oneof(
        {
          arbitrary: fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
          weight: 3,
        },
        { arbitrary: fc.constantFrom(min, max, min - 1, max + 1), weight: 1 },
      );
    }
    case 'boolean':
      return fc.boolean();
    default:
      return stringArbitrary(s, options);
  }
}

/**
 * An object with its required fields and some optional ones, all valid; or the same with one
 * field (required or not) set to a bad value; or with a required field left out.
 */
export function objectOf(
  properties: Record<string, JsonSchema>,
  required: readonly string[],
  options: ArbitraryOptions = {},
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(properties);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) {
    const property = properties[name] as JsonSchema;
    shape[name] = depth > 4 ? fc.constant(sampleOf(property)) : validOf(property, options, depth + 1);
  }
  const requiredKeys = required.filter((name) => name in shape) as string[];
  const valid = fc.record(shape, { requiredKeys });
  if (names.length === 0) return valid;
  return fc.oneof(
    { arbitrary: valid, weight: 4 },
    {
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...names), badValue)
        .map(([record, name, value]) => ({ ...record, [name]: value })),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...names))
        .map(([record, name]) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== name))),
      weight: 1,
    },
  );
}

/** Instants of 1900–2100 mostly, and of any year from 0 to 9999 sometimes. */
const dates = fc.oneof(
  {
    arbitrary: fc.date({
      min: new Date(Date.UTC(1900, 0, 1)),
      max: new Date(Date.UTC(2100, 11, 31, 23, 59)),
      noInvalidDate: true,
    }),
    weight: 4,
  },
  {
    arbitrary: fc.date({
      min: new Date(-62167219200000),
      max: new Date(253402300799999),
      noInvalidDate: true,
    }),
    weight: 1,
  },
);

function stringArbitrary(s: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<string> {
  if (s.format === 'uuid') {
    const known = options.knownIds ?? [];
    return known.length > 0 ? fc.oneof(fc.constantFrom(...known), fc.uuid()) : fc.uuid();
  }
  if (s.format === 'email') return fc.oneof(fc.emailAddress(), fc.constant('amostra@exemplo.com.br'));
  if (s.format === 'date') return dates.map((d) => isoDate(d));
  if (s.format === 'date-time') return dates.map((d) => d.toISOString());
  if (s.pattern) return fc.oneof(patternString(s), fc.constant(sampleString(s)));
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 200;
  return fc.oneof(
    { arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 300) }), weight: 3 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 40) }), weight: 1 },
    { arbitrary: fc.constantFrom(min, max).map((n) => 'a'.repeat(n)), weight: 1 },
  );
}

function isoDate(d: Date): string {
  return d.toISOString().replace(/T.*$/, '');
}

/** A query string value as a browser or a script would write it. */
export function queryValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The operation's path with its parameters written in, each encoded. */
export function fillPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    return encodeURIComponent(value === undefined || value === null ? '' : String(value));
  });
}
