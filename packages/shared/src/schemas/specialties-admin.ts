import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from './common.ts';

/** The admin's specialty management: the list, create/edit/deactivate, the built-in load and the CSV import. */

export const SPECIALTY_LIMITS = {
  name: 80,
  description: 500,
  icon: 40,
  slug: 80,
  reason: 500,
  /** The CSV file, in bytes: a few thousand specialties at most. */
  csvBytes: 256 * 1024,
  csvRows: 2_000,
} as const;

export const SPECIALTY_ADMIN_MESSAGES = {
  nameRequired: 'Informe o nome da especialidade',
  nameTooLong: `O nome deve ter no máximo ${SPECIALTY_LIMITS.name} caracteres`,
  descriptionTooLong: `A descrição deve ter no máximo ${SPECIALTY_LIMITS.description} caracteres`,
  iconInvalid: 'Ícone inválido: use letras minúsculas, números e hífens (ex.: heart-pulse)',
  slugInvalid: 'Endereço inválido: use letras minúsculas sem acentos, números e hífens (ex.: clinica-geral)',
  reasonTooLong: `O motivo deve ter no máximo ${SPECIALTY_LIMITS.reason} caracteres`,
  notFound: 'Especialidade não encontrada',
  nameInUse: 'Já existe uma especialidade com este nome',
  slugInUse: 'Já existe uma especialidade com este endereço',
  alreadyActive: 'A especialidade já está ativa',
  alreadyInactive: 'A especialidade já está desativada',
  builtInAlreadyLoaded: (n: number) =>
    `Já existem ${n} especialidades cadastradas: a carga inicial só pode ser feita com a lista vazia.`,
  invalidStatus: 'Filtro de situação inválido',
  invalidSort: 'Ordenação inválida',
  fileRequired: 'Selecione um arquivo CSV',
  fileTooLarge: `O arquivo deve ter no máximo ${SPECIALTY_LIMITS.csvBytes / 1024} KB`,
  fileNotText: 'O arquivo não parece ser um CSV de texto. Salve a planilha como CSV e tente de novo.',
  fileEmpty: 'O arquivo está vazio.',
  notUtf8:
    'Codificação do arquivo não reconhecida. No Excel, use "Salvar como" → "CSV UTF-8 (delimitado por vírgulas)" e envie de novo.',
  doubleEncoded:
    'Acentos corrompidos (ex.: "Ã©" no lugar de "é"): o arquivo foi convertido duas vezes. Salve-o de novo como CSV UTF-8.',
  badQuotes: 'Aspas sem fechamento nesta linha: confira as aspas do texto',
  tooManyRows: `O arquivo deve ter no máximo ${SPECIALTY_LIMITS.csvRows} linhas`,
  missingNameColumn:
    'O cabeçalho precisa de uma coluna "nome" (ou "name"). Baixe o modelo para ver o formato esperado.',
  delimiterUnknown:
    'Não foi possível identificar o separador: use ponto e vírgula (;) ou vírgula (,) entre as colunas.',
  rowColumns: (found: number, expected: number) =>
    `A linha tem ${found} colunas, mas o cabeçalho tem ${expected}: confira o separador e as aspas`,
  duplicateInFile: (line: number) => `Nome repetido no arquivo (também na linha ${line})`,
  slugTakenByOther: (name: string) => `O endereço já pertence à especialidade "${name}"`,
  fixErrorsFirst: 'Corrija os erros do arquivo antes de importar: nenhuma especialidade foi alterada.',
  nothingToImport: 'O arquivo não tem nenhuma especialidade.',
} as const;

export const ADMIN_SPECIALTY_SORTS = ['name', 'doctors', 'createdAt'] as const;
export const ADMIN_SPECIALTY_STATUSES = ['all', 'active', 'inactive'] as const;

export const adminSpecialtySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  icon: z.string(),
  active: z.boolean(),
  deactivatedAt: z.iso.datetime().nullable(),
  /** Every doctor whose profile names it, whatever their verification status. */
  doctorCount: z.number().int(),
  /** Of those, the ones patients can find and book. */
  listedDoctorCount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type AdminSpecialty = z.infer<typeof adminSpecialtySchema>;

export const adminSpecialtyQuerySchema = pageQuerySchema.extend({
  sort: z.enum(ADMIN_SPECIALTY_SORTS, { error: SPECIALTY_ADMIN_MESSAGES.invalidSort }).optional(),
  status: z.enum(ADMIN_SPECIALTY_STATUSES, { error: SPECIALTY_ADMIN_MESSAGES.invalidStatus }).default('all'),
});
export type AdminSpecialtyQuery = z.infer<typeof adminSpecialtyQuerySchema>;

export const adminSpecialtyPageSchema = pageResultSchema(adminSpecialtySchema);

export const specialtyIdParamsSchema = z.object({ id: z.uuid({ error: SPECIALTY_ADMIN_MESSAGES.notFound }) });

const nameField = z
  .string({ error: SPECIALTY_ADMIN_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: SPECIALTY_ADMIN_MESSAGES.nameRequired })
  .max(SPECIALTY_LIMITS.name, { error: SPECIALTY_ADMIN_MESSAGES.nameTooLong });
export const SPECIALTY_ICON_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const specialtyInputSchema = z.object({
  name: nameField,
  description: z
    .string()
    .trim()
    .max(SPECIALTY_LIMITS.description, { error: SPECIALTY_ADMIN_MESSAGES.descriptionTooLong })
    .optional()
    .transform((v) => v || null),
  icon: z
    .string()
    .trim()
    .max(SPECIALTY_LIMITS.icon, { error: SPECIALTY_ADMIN_MESSAGES.iconInvalid })
    .regex(SPECIALTY_ICON_PATTERN, { error: SPECIALTY_ADMIN_MESSAGES.iconInvalid })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type SpecialtyInput = z.input<typeof specialtyInputSchema>;

export const specialtyStatusInputSchema = z.object({
  active: z.boolean(),
  reason: z
    .string()
    .trim()
    .max(SPECIALTY_LIMITS.reason, { error: SPECIALTY_ADMIN_MESSAGES.reasonTooLong })
    .optional()
    .transform((v) => v || undefined),
});

// ── The built-in list (the spec's one-time button) ────────────────────────

export const builtInSpecialtiesStatusSchema = z.object({
  /** Specialties in the database, active or not. */
  existing: z.number().int(),
  /** How many the built-in list has (51). */
  builtIn: z.number().int(),
  /** The button loads only into an empty list. */
  canLoad: z.boolean(),
});
export type BuiltInSpecialtiesStatus = z.infer<typeof builtInSpecialtiesStatusSchema>;

export const builtInSpecialtiesResultSchema = z.object({ created: z.number().int() });
export type BuiltInSpecialtiesResult = z.infer<typeof builtInSpecialtiesResultSchema>;

// ── CSV import ─────────────────────────────────────────────────────────────

/** The file as sent by the browser: its bytes in base64, decoded (UTF-8, with or without BOM) on the server. */
export const specialtyCsvInputSchema = z.object({
  fileName: z.string().trim().max(200).optional(),
  contentBase64: z
    .string({ error: SPECIALTY_ADMIN_MESSAGES.fileRequired })
    .min(1, { error: SPECIALTY_ADMIN_MESSAGES.fileRequired })
    // base64 is 4/3 of the bytes.
    .max(Math.ceil((SPECIALTY_LIMITS.csvBytes * 4) / 3) + 4, { error: SPECIALTY_ADMIN_MESSAGES.fileTooLarge })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: SPECIALTY_ADMIN_MESSAGES.fileNotText }),
});
export type SpecialtyCsvInput = z.infer<typeof specialtyCsvInputSchema>;

export const CSV_ROW_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;
export type CsvRowAction = (typeof CSV_ROW_ACTIONS)[number];

export const specialtyCsvRowSchema = z.object({
  /** The line in the file (the header is line 1). */
  line: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  action: z.enum(CSV_ROW_ACTIONS),
  /** For an update: the fields that change. */
  changes: z.array(z.enum(['name', 'description', 'icon'])),
  /** The existing specialty the row matches (update or unchanged). */
  matchedName: z.string().nullable(),
  errors: z.array(z.string()),
});
export type SpecialtyCsvRow = z.infer<typeof specialtyCsvRowSchema>;

export const specialtyCsvPreviewSchema = z.object({
  /** How the file was read: UTF-8 (with or without BOM) or Windows-1252 (Excel's plain "CSV"). */
  encoding: z.enum(['utf-8', 'windows-1252']).nullable(),
  delimiter: z.enum([';', ',', '\t']).nullable(),
  /** Problems with the file as a whole (encoding, header, separator); rows are not read past them. */
  fileErrors: z.array(z.string()),
  rows: z.array(specialtyCsvRowSchema),
  summary: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    errors: z.number().int(),
  }),
});
export type SpecialtyCsvPreview = z.infer<typeof specialtyCsvPreviewSchema>;

export const specialtyCsvResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type SpecialtyCsvResult = z.infer<typeof specialtyCsvResultSchema>;

/** The example the page offers for download: the header the import reads, ";" as Brazilian Excel writes. */
export const SPECIALTY_CSV_EXAMPLE = [
  'nome;descricao;icone;slug',
  'Cardiologia;Doenças do coração e da circulação.;heart;cardiologia',
  'Medicina do Sono;"Insônia, apneia e outros distúrbios do sono.";;',
  '',
].join('\r\n');
