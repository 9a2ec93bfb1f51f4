import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { QrCode } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { clockIn, dateIn } from '@/lib/zoned-time';
import { BOOKING_TEXT } from '../texts';
import { CopyField } from './copy-field';
import { SimulatePayment, WaitingNote } from './simulate-payment';

const T = BOOKING_TEXT.pix;

/** The PIX charge of a booking, with the test environment's "Simular pagamento". */
export function PixPayment({ appointment, viewerZone }: { appointment: AppointmentDto; viewerZone: string }) {
  const pix = appointment.payment?.instructions?.pix;
  if (!pix) return null;
  return (
    <PixCharge
      pix={pix}
      viewerZone={viewerZone}
      simulate={appointment.payment?.sandbox ? <SimulatePayment appointmentId={appointment.id} /> : null}
    />
  );
}

/**
 * Any PIX charge (a booking, an on-demand queue): its QR Code, the copia-e-cola code, until when it
 * can be paid, and the page waiting for the bank. `simulate` is the test environment's button.
 */
export function PixCharge({
  pix,
  viewerZone,
  simulate,
}: {
  pix: { payload: string; qrSvg: string; expiresAt: string };
  viewerZone: string;
  simulate?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <QrCode aria-hidden className="size-5 text-primary" />
          {T.title}
        </CardTitle>
        <CardDescription>{T.scan}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-[13rem_1fr] sm:items-start">
          {/* The SVG comes from our server; as an image it is drawn, never run or put into the page. */}
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(pix.qrSvg)}`}
            alt={T.qr}
            width={208}
            height={208}
            className="mx-auto size-52 rounded-lg border border-border bg-white p-2"
          />
          <div className="space-y-3">
            <CopyField label={T.payload} value={pix.payload} copyLabel={T.copy} />
            <p className="text-muted-foreground text-sm tabular-nums">
              {T.expires(dateIn(pix.expiresAt, viewerZone), clockIn(pix.expiresAt, viewerZone))}
            </p>
          </div>
        </div>
        <WaitingNote text={T.waiting} />
        {simulate}
      </CardContent>
    </Card>
  );
}
