import { formatMonth } from '@pulsa/shared/format/date';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { enqueueEmail } from '../email/email.outbox.ts';
import { taxReceiptsReminderEmail } from '../email/email.templates.ts';
import { capturedPayments } from '../ledger/ledger.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { addMonths, localDay, REPORT_TIME_ZONE } from '../reports/periods.ts';
import { claimReminder, doctorContact, marksAndUnacceptedIn, monthBounds } from './earnings.repository.ts';

/** Days 1 to 5 of each month at 12:00 UTC (9:00 in Brasília): a missed day is caught up by the next. */
export const TAX_RECEIPTS_REMINDER_JOB = 'tax-receipts-reminder';
export const TAX_RECEIPTS_REMINDER_CRON = '0 12 1-5 * *';

/**
 * Reminds each doctor with receipts of the previous month not marked issued: a bell notification
 * and an email, in one transaction per doctor with the `tax_receipt_reminders` row that makes it
 * exactly once per doctor and month, whichever instance or day runs it. Months are Brazil's.
 */
export async function remindTaxReceipts(db: Db, appUrl: string, now = new Date()) {
  const today = localDay(now, REPORT_TIME_ZONE);
  if (Number(today.slice(8, 10)) > 5) return { reminded: 0 };
  const month = addMonths(today.slice(0, 7), -1);
  const period = await monthBounds(db, month, REPORT_TIME_ZONE);
  const [captures, marks] = await Promise.all([
    capturedPayments(db, period),
    marksAndUnacceptedIn(db, period),
  ]);
  const unissued = new Map<string, number>();
  for (const c of captures) {
    if (c.gross - c.returned <= 0 || marks.issued.has(c.paymentId) || marks.unaccepted.has(c.paymentId))
      continue;
    if (c.doctorId) unissued.set(c.doctorId, (unissued.get(c.doctorId) ?? 0) + 1);
  }
  let reminded = 0;
  for (const [doctorId, count] of unissued) {
    const sent = await db.transaction(async (tx) => {
      if (!(await claimReminder(tx, doctorId, month))) return false;
      const doctor = await doctorContact(tx, doctorId);
      if (!doctor) return false;
      const link = `/doctor/payments?recibos=${month}`;
      await notify(tx, doctor.userId, {
        type: 'tax_receipts.reminder',
        title: `Recibos de ${formatMonth(month)} a emitir`,
        body: `${count === 1 ? '1 pagamento' : `${count} pagamentos`} sem recibo marcado como emitido no Receita Saúde.`,
        link,
      });
      await enqueueEmail(
        tx,
        doctor.email,
        taxReceiptsReminderEmail(
          doctor.fullName,
          formatMonth(month),
          count,
          new URL(link, appUrl).toString(),
        ),
      );
      return true;
    });
    if (sent) reminded++;
  }
  return { reminded };
}

export function defineTaxReceiptsReminder(
  jobs: JobQueue,
  db: Db,
  appUrl: string,
  log: FastifyBaseLogger,
  onEmailQueued: () => void,
) {
  jobs.recurring(TAX_RECEIPTS_REMINDER_JOB, TAX_RECEIPTS_REMINDER_CRON, async () => {
    const result = await remindTaxReceipts(db, appUrl);
    if (result.reminded) {
      log.info(result, 'tax receipt reminders sent');
      onEmailQueued();
    }
  });
}
