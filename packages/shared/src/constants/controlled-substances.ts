/**
 * Common substances under special control in Brazil (Portaria SVS/MS 344/1998 and the ANVISA
 * resolutions that update its lists), as a prescription item's medicine is checked against them:
 * Pulsa cannot issue these prescriptions (decision 087). A short list of the substances most often
 * prescribed, not the whole annex — the doctor also marks an item's control type, and the decision
 * record says what this list cannot catch. Source: ANVISA, "Lista de substâncias sujeitas a
 * controle especial" (Anexo I da Portaria 344/98, updated by RDC); checked by substance and by the
 * brands of CONTROLLED_BRANDS (decision 126).
 */
import { CONTROLLED_BRANDS } from './controlled-brands.ts';

/** What the prescription of a listed substance requires. */
export const CONTROL_TYPES = ['none', 'A', 'B', 'B2', 'special'] as const;
export type ControlType = (typeof CONTROL_TYPES)[number];

export const CONTROL_TYPE_LABEL: Record<ControlType, string> = {
  none: 'Receita simples (sem controle especial)',
  A: 'Notificação de Receita A (amarela)',
  B: 'Notificação de Receita B (azul)',
  B2: 'Notificação de Receita B2 (azul)',
  special: 'Receita de Controle Especial',
};

type List = 'A1' | 'A2' | 'A3' | 'B1' | 'B2' | 'C1' | 'C2' | 'C3' | 'C5';

/** Which prescription form each list needs. */
export const LIST_CONTROL_TYPE: Record<List, Exclude<ControlType, 'none'>> = {
  A1: 'A',
  A2: 'A',
  A3: 'A',
  B1: 'B',
  B2: 'B2',
  C1: 'special',
  C2: 'special',
  C3: 'special',
  C5: 'special',
};

/** Substance names written without accents, lower-case, as they appear in a medicine's name. */
export const CONTROLLED_SUBSTANCES: Record<List, readonly string[]> = {
  // Entorpecentes
  A1: [
    'morfina',
    'metadona',
    'oxicodona',
    'fentanila',
    'fentanil',
    'petidina',
    'meperidina',
    'hidromorfona',
    'sufentanila',
    'remifentanila',
    'alfentanila',
    'tapentadol',
  ],
  A2: ['codeina', 'tramadol', 'nalbufina', 'dextropropoxifeno'],
  // Psicotrópicos
  A3: ['anfetamina', 'dexanfetamina', 'lisdexanfetamina', 'metilfenidato', 'modafinila'],
  B1: [
    'alprazolam',
    'bromazepam',
    'clonazepam',
    'diazepam',
    'lorazepam',
    'midazolam',
    'nitrazepam',
    'flunitrazepam',
    'clobazam',
    'cloxazolam',
    'estazolam',
    'flurazepam',
    'zolpidem',
    'zopiclona',
    'fenobarbital',
    'oxazepam',
    'clordiazepoxido',
  ],
  // Psicotrópicos anorexígenos
  B2: ['sibutramina', 'anfepramona', 'femproporex', 'mazindol'],
  // Outras substâncias sujeitas a controle especial
  C1: [
    'amitriptilina',
    'nortriptilina',
    'clomipramina',
    'imipramina',
    'fluoxetina',
    'sertralina',
    'paroxetina',
    'citalopram',
    'escitalopram',
    'venlafaxina',
    'desvenlafaxina',
    'duloxetina',
    'bupropiona',
    'trazodona',
    'mirtazapina',
    'carbamazepina',
    'oxcarbazepina',
    'valproato',
    'acido valproico',
    'divalproato',
    'lamotrigina',
    'topiramato',
    'gabapentina',
    'pregabalina',
    'haloperidol',
    'risperidona',
    'quetiapina',
    'olanzapina',
    'aripiprazol',
    'clorpromazina',
    'levomepromazina',
    'litio',
    'biperideno',
    'cetamina',
    'ketamina',
    'misoprostol',
    'tianeptina',
  ],
  // Retinoides (uso sistêmico)
  C2: ['isotretinoina', 'acitretina'],
  // Imunossupressores
  C3: ['talidomida'],
  // Anabolizantes
  C5: ['testosterona', 'nandrolona', 'oxandrolona', 'estanozolol'],
};

/** "Clonazepam 2 mg" → "clonazepam 2 mg": lower-case, without accents, single spaces. */
export function normalizeMedicineName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function listOf(substance: string): List | undefined {
  return (Object.keys(CONTROLLED_SUBSTANCES) as List[]).find((list) =>
    CONTROLLED_SUBSTANCES[list].includes(substance),
  );
}

/**
 * The listed substance a medicine's name contains (as whole words), by its name or by one of its
 * brands (CONTROLLED_BRANDS: "Rivotril" is clonazepam), with its list; undefined when none.
 */
export function findControlledSubstance(
  medicine: string,
): { substance: string; brand?: string; list: List; controlType: Exclude<ControlType, 'none'> } | undefined {
  const words = ` ${normalizeMedicineName(medicine)} `;
  for (const [list, names] of Object.entries(CONTROLLED_SUBSTANCES) as [List, readonly string[]][]) {
    const substance = names.find((n) => words.includes(` ${n} `));
    if (substance) return { substance, list, controlType: LIST_CONTROL_TYPE[list] };
  }
  for (const [brand, substance] of Object.entries(CONTROLLED_BRANDS)) {
    if (!words.includes(` ${brand} `)) continue;
    const list = listOf(substance);
    if (list) return { substance, brand, list, controlType: LIST_CONTROL_TYPE[list] };
  }
  return undefined;
}
