import type { AccountSecurity } from '@pulsa/shared/schemas/account';
import { ShieldCheck } from 'lucide-react';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { accountRequests, useAccountMutation } from '../api/account';
import { ACCOUNT_TEXT } from '../texts';
import { ConfirmAction } from './confirm-action';
import { useReauthGuard } from './reauth';
import { RecoveryCodesView } from './recovery-codes';
import { reportAccountError } from './report';
import { TwoFactorEnrolment } from './two-factor-enrolment';

const T = ACCOUNT_TEXT.twoFactor;

export function TwoFactorCard({ security }: { security: AccountSecurity }) {
  const guard = useReauthGuard();
  const [enrolling, setEnrolling] = useState(false);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const disable = useAccountMutation(() => guard(accountRequests.disableTwoFactor));
  const regenerate = useAccountMutation(() => guard(accountRequests.regenerateRecoveryCodes));
  const closeEnrolment = useCallback(() => setEnrolling(false), []);

  const onDisable = () =>
    disable.mutate(undefined, {
      onSuccess: () => toast.success(T.disabledToast),
      onError: (error) => reportAccountError(error, T.errorTitle),
    });
  const onRegenerate = () =>
    regenerate.mutate(undefined, {
      onSuccess: ({ recoveryCodes }) => setNewCodes(recoveryCodes),
      onError: (error) => reportAccountError(error, T.errorTitle),
    });

  return (
    <Card id="duas-etapas">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{T.title}</CardTitle>
          <Badge tone={security.twoFactorEnabled ? 'success' : 'neutral'}>
            {security.twoFactorEnabled ? <ShieldCheck aria-hidden /> : null}
            {security.twoFactorEnabled ? T.on : T.off}
          </Badge>
        </div>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {security.twoFactorRequired ? (
          <p className="text-muted-foreground text-sm">{T.requiredForAdmins}</p>
        ) : null}
        {security.twoFactorEnabled ? (
          <>
            <p className="text-sm">{T.recoveryLeft(security.recoveryCodesLeft)}</p>
            <div className="flex flex-wrap gap-2">
              <ConfirmAction
                trigger={
                  <Button variant="outline" disabled={regenerate.isPending}>
                    {T.regenerate}
                  </Button>
                }
                title={T.regenerateTitle}
                description={T.regenerateDescription}
                confirm={T.regenerate_confirm}
                onConfirm={onRegenerate}
              />
              {security.twoFactorRequired ? null : (
                <ConfirmAction
                  trigger={
                    <Button variant="outline" disabled={disable.isPending}>
                      {T.disable}
                    </Button>
                  }
                  title={T.disableTitle}
                  description={T.disableDescription}
                  confirm={T.disable}
                  destructive
                  onConfirm={onDisable}
                />
              )}
            </div>
          </>
        ) : (
          <Button onClick={() => setEnrolling(true)}>{T.enable}</Button>
        )}
      </CardContent>

      <Dialog open={enrolling} onOpenChange={setEnrolling}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{ACCOUNT_TEXT.enrol.pageTitle}</DialogTitle>
            <DialogDescription>{T.description}</DialogDescription>
          </DialogHeader>
          {enrolling ? <TwoFactorEnrolment onFinished={closeEnrolment} onFailed={closeEnrolment} /> : null}
        </DialogContent>
      </Dialog>
      <Dialog open={!!newCodes} onOpenChange={(open) => (open ? undefined : setNewCodes(null))}>
        <DialogContent>
          <DialogHeader className="sr-only">
            <DialogTitle>{ACCOUNT_TEXT.recovery.title}</DialogTitle>
            <DialogDescription>{ACCOUNT_TEXT.recovery.description}</DialogDescription>
          </DialogHeader>
          {newCodes ? <RecoveryCodesView codes={newCodes} onDone={() => setNewCodes(null)} /> : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
