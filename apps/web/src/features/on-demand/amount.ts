import { formatBRL } from '@pulsa/shared/format/money';

/**
 * An amount inside a sentence: "R$" and the number never part at the end of a line (on a phone,
 * "R$" alone at the end of one line read as a price missing). Labels and buttons keep formatBRL.
 */
export const amountInProse = (centavos: number) => formatBRL(centavos).replace(' ', '\u00a0');
