import { consentText, TELECONSULTATION_CONSENT } from '@pulsa/shared/constants/consent';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { clockIn, dateIn, viewerTimeZone } from '@/lib/zoned-time';
import { consentQuery, useAcceptConsent, useWithdrawConsent } from '../api/consent';
import { CONSULTATION_TEXT } from '../texts';
import { ConsentDialog } from './consent-dialog';

const T = CONSULTATION_TEXT.consent;

/**
 * The patient's account: whether the teleconsultation consent was accepted, when, and the text
 * accepted; or the way to read and accept it before the first consultation.
 */
export function ConsentCard() {
  const status = useQuery(consentQuery);
  const [open, setOpen] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const accept = useAcceptConsent(() => setOpen(false));
  const withdraw = useWithdrawConsent(() => setWithdrawing(false));
  const acceptance = status.data?.acceptance;
  const zone = viewerTimeZone();
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle id="termo-teleconsulta" className="flex scroll-mt-24 items-center gap-2">
          <ShieldCheck aria-hidden className="size-5 text-primary" />
          {T.title}
        </CardTitle>
        <CardDescription>{T.accountDescription}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {status.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : status.isError ? (
          <p className="text-destructive text-sm">{T.loadError}</p>
        ) : acceptance ? (
          <>
            <p className="text-sm">
              {T.acceptedOn(
                acceptance.version,
                dateIn(acceptance.acceptedAt, zone),
                clockIn(acceptance.acceptedAt, zone),
              )}
            </p>
            <details className="rounded-md border bg-muted/40 p-3 text-sm">
              <summary className="cursor-pointer font-medium">{T.showText}</summary>
              <div className="mt-3 whitespace-pre-line leading-relaxed">{acceptance.text}</div>
            </details>
            <Button variant="outline" onClick={() => setWithdrawing(true)}>
              {T.withdraw}
            </Button>
            <AlertDialog open={withdrawing} onOpenChange={setWithdrawing}>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>{T.withdrawTitle}</AlertDialogTitle>
                  <AlertDialogDescription>{T.withdrawDescription}</AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>{T.withdrawKeep}</AlertDialogCancel>
                  <Button
                    variant="destructive"
                    loading={withdraw.isPending}
                    onClick={() => withdraw.mutate()}
                  >
                    {T.withdraw}
                  </Button>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </>
        ) : (
          <>
            <p className="text-sm">{T.notAccepted}</p>
            <Button variant="outline" onClick={() => setOpen(true)}>
              {T.open}
            </Button>
            <ConsentDialog
              open={open}
              onOpenChange={setOpen}
              version={TELECONSULTATION_CONSENT.version}
              text={consentText(TELECONSULTATION_CONSENT)}
              accepting={accept.isPending}
              onAccept={() => accept.mutate()}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
