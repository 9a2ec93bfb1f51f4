import { randomBytes } from 'node:crypto';
import { buildBoleto } from './boleto.ts';
import { buildPixPayload } from './pix-brcode.ts';
import type { Charge, CreateChargeInput, PaymentProvider } from './provider.ts';

/**
 * The built-in test environment, used when no provider key is configured. It follows the
 * well-known test cards, issues a real PIX BR Code and a real boleto line, and moves no money:
 * the checkout says so, and its "Simular pagamento" button stands for the bank's confirmation.
 */
export const SANDBOX_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  secondStep: '4000002500003155',
} as const;

export const SANDBOX_MESSAGES = {
  declined: 'Cartão recusado. Tente outro cartão ou outra forma de pagamento.',
  unknownCard: 'No ambiente de testes, use um dos cartões de teste indicados.',
} as const;

const SANDBOX_PIX_KEY = 'pagamentos@pulsa.com.br';
const PIX_MINUTES = 15;

const ref = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    async createCharge(input: CreateChargeInput): Promise<Charge> {
      const providerRef = ref('sbx');
      if (input.method === 'pix') {
        const payload = buildPixPayload({
          key: SANDBOX_PIX_KEY,
          merchantName: 'Pulsa Telemedicina',
          merchantCity: 'Sao Paulo',
          amount: input.amount,
          txid: providerRef.replace(/[^A-Za-z0-9]/g, '').slice(0, 25),
        });
        return {
          providerRef,
          state: 'awaiting_payment',
          pix: { payload, expiresAt: new Date(Date.now() + PIX_MINUTES * 60_000) },
        };
      }
      if (input.method === 'boleto') {
        if (!input.dueDate) throw new Error('boleto needs a due date');
        const boleto = buildBoleto({
          amount: input.amount,
          dueDate: input.dueDate,
          reference: input.paymentId,
        });
        return {
          providerRef,
          state: 'awaiting_payment',
          boleto: { digitableLine: boleto.digitableLine, barcode: boleto.barcode, dueDate: input.dueDate },
        };
      }
      switch (input.card?.number) {
        case SANDBOX_CARDS.approved:
          return { providerRef, state: 'authorized' };
        case SANDBOX_CARDS.secondStep:
          return { providerRef, state: 'requires_action' };
        case SANDBOX_CARDS.declined:
          return { providerRef, state: 'failed', failureMessage: SANDBOX_MESSAGES.declined };
        default:
          return { providerRef, state: 'failed', failureMessage: SANDBOX_MESSAGES.unknownCard };
      }
    },
    async capture() {},
    async cancel() {},
    async refund() {
      return { refundRef: ref('sbx_re') };
    },
    // No money moves here, so no fee is kept: nothing to post (decision 083).
    async feeOf() {
      return null;
    },
    // The sandbox has no webhooks: its events are applied directly (payments.service.ts).
    parseWebhook() {
      return null;
    },
  };
}

/** A sandbox event id: unique, so the event is applied once like a provider's. */
export const sandboxEventId = () => ref('sbx_evt');
