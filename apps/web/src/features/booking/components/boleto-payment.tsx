import { formatCalendarDate } from '@pulsa/shared/format/calendar-date';
import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { Barcode, Download } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BOOKING_TEXT } from '../texts';
import { CopyField } from './copy-field';
import { SimulatePayment, WaitingNote } from './simulate-payment';

const T = BOOKING_TEXT.boleto;

/** The boleto: its linha digitável to copy, the due date and, when there is one, the PDF. */
export function BoletoPayment({ appointment }: { appointment: AppointmentDto }) {
  const boleto = appointment.payment?.instructions?.boleto;
  if (!boleto) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Barcode aria-hidden className="size-5 text-primary" />
          {T.title}
        </CardTitle>
        <CardDescription className="font-medium text-foreground tabular-nums">
          {T.due(formatCalendarDate(boleto.dueDate.slice(0, 10)))}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <CopyField label={T.line} value={boleto.digitableLine} copyLabel={T.copy} />
        {boleto.pdfUrl ? (
          <a href={boleto.pdfUrl} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <Download aria-hidden />
            {T.pdf}
          </a>
        ) : null}
        <WaitingNote text={T.waiting} />
        {appointment.payment?.sandbox ? <SimulatePayment appointmentId={appointment.id} /> : null}
      </CardContent>
    </Card>
  );
}
