import { formatBillingAddress } from '@pulsa/shared/format/address';
import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { eq } from 'drizzle-orm';
import { payments, userProfiles } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { renderBoletoPdf } from '../payments/boleto-pdf.ts';
import { receiptNumberOf, renderReceiptPdf } from '../payments/receipt-pdf.ts';
import { getForViewer } from './appointments.access.ts';
import type { BookingContext, Viewer } from './appointments.context.ts';

/** The printable documents of an appointment's payment: the boleto to pay and the receipt once paid. */

export const DOCUMENT_MESSAGES = {
  boletoNotFound: 'Boleto não encontrado.',
  receiptNotReady: 'O recibo fica disponível depois do pagamento.',
} as const;

export const BENEFICIARY = 'Pulsa Telemedicina';

interface StoredBoleto {
  digitableLine: string;
  barcode: string;
  dueDate: string;
}

function storedBoleto(instructions: unknown): StoredBoleto | undefined {
  const boleto = (instructions as { boleto?: Partial<StoredBoleto> } | null)?.boleto;
  if (!boleto?.digitableLine || !boleto.dueDate || !boleto.barcode) return undefined;
  return { digitableLine: boleto.digitableLine, barcode: boleto.barcode, dueDate: boleto.dueDate };
}

/**
 * The appointment as its viewer may see it (someone else's is a 404), its newest payment (the one
 * the API shows) and the patient's name, CPF and billing address as they are now. The CPF and the
 * address are the payer's, for the payer and the team: a doctor never gets them.
 */
async function paymentContext(ctx: BookingContext, viewer: Viewer, id: string) {
  const dto = await getForViewer(ctx, viewer, id);
  const [payment] = dto.payment
    ? await ctx.db.select().from(payments).where(eq(payments.id, dto.payment.id))
    : [];
  const [patient] = await ctx.db
    .select({ name: userProfiles.fullName, cpf: userProfiles.cpf, address: userProfiles.billingAddress })
    .from(userProfiles)
    .where(eq(userProfiles.id, dto.patient.id));
  const payer = patient ?? { name: dto.patient.name, cpf: null, address: null };
  return {
    dto,
    payment,
    patient: viewer.role === 'doctor' ? { name: payer.name, cpf: null, address: null } : payer,
  };
}

/** dd/MM/yyyy of the consultation on the doctor's clock. */
function consultationDate(dto: AppointmentDto): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone: dto.timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(dto.startsAt));
}

/**
 * The boleto is how the patient pays, and it names the payer with CPF and address: for the patient
 * and admins only. The doctor gets the same 404 as for an appointment that is not theirs.
 */
export async function boletoPdf(ctx: BookingContext, viewer: Viewer, id: string): Promise<Uint8Array> {
  if (viewer.role === 'doctor') throw notFound(DOCUMENT_MESSAGES.boletoNotFound);
  const { dto, payment, patient } = await paymentContext(ctx, viewer, id);
  const boleto = payment?.method === 'boleto' ? storedBoleto(payment.instructions) : undefined;
  if (!payment || !boleto) throw notFound(DOCUMENT_MESSAGES.boletoNotFound);
  return renderBoletoPdf({
    ...boleto,
    payerName: patient.name,
    payerCpf: patient.cpf ?? '',
    payerAddress: patient.address ? formatBillingAddress(patient.address) : '',
    amount: payment.amount,
    description: `Consulta com ${dto.doctor.name} em ${consultationDate(dto)}`,
    beneficiary: BENEFICIARY,
    isSandbox: payment.provider === 'sandbox',
  });
}

/** The receipt of the payment; the doctor's copy names the patient without their CPF. */
export async function receiptPdf(ctx: BookingContext, viewer: Viewer, id: string): Promise<Uint8Array> {
  const { dto, payment, patient } = await paymentContext(ctx, viewer, id);
  if (!payment || (payment.status !== 'paid' && payment.status !== 'refunded'))
    throw conflict(DOCUMENT_MESSAGES.receiptNotReady, undefined, 'receipt_not_ready');
  const refund = dto.payment?.refund;
  return renderReceiptPdf({
    receiptNumber: receiptNumberOf(payment.id),
    // A card released before capture was refunded without being paid: its authorisation stands in.
    paidAt: payment.paidAt ?? payment.authorizedAt ?? payment.createdAt,
    patientName: patient.name,
    patientCpf: patient.cpf,
    doctorName: dto.doctor.name,
    doctorCrm: dto.doctor.crm,
    specialty: dto.doctor.specialty,
    startsAt: new Date(dto.startsAt),
    timeZone: dto.timeZone,
    method: payment.method,
    amount: payment.amount,
    refund:
      // Given back, in all or in part (several partial refunds add up); an owed transfer is not yet.
      refund && refund.status === 'done'
        ? { at: new Date(refund.createdAt), amount: refund.amount, reason: refund.reason }
        : null,
    isSandbox: payment.provider === 'sandbox',
  });
}
