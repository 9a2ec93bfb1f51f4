import { formatBRL } from '@pulsa/shared/format/money';
import type { Ticket } from '@pulsa/shared/schemas/on-demand';

/**
 * An amount inside a sentence: "R$" and the number never part at the end of a line (on a phone,
 * "R$" alone at the end of one line read as a price missing). Labels and buttons keep formatBRL.
 */
export const amountInProse = (centavos: number) => formatBRL(centavos).replace(' ', '\u00a0');

/** The wait was paid by PIX (money received, given back) rather than held on a card (released). */
export const paidByPix = (ticket: Ticket) => ticket.payment?.method === 'pix';
