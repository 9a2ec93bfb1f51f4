/** Names with accents for generated people, so searches that ignore accents are measured for real. */
export const FIRST_NAMES = [
  'Ana',
  'João',
  'Márcia',
  'Luís',
  'Beatriz',
  'Conceição',
  'André',
  'Patrícia',
  'Sérgio',
  'Inês',
];
export const SURNAMES = [
  'Souza',
  'Gonçalves',
  'Araújo',
  'Simões',
  'Brandão',
  'Magalhães',
  'Lima',
  'Conceição',
  'Bragança',
  'Peçanha',
];

/** A SQL array literal of fixed words (never user input). */
export const sqlArray = (list: readonly string[]) => `array[${list.map((s) => `'${s}'`).join(',')}]`;
