import { zodResolver } from '@hookform/resolvers/zod';
import { formatCalendarDate } from '@pulsa/shared/format/calendar-date';
import { formatDate, formatTime } from '@pulsa/shared/format/date';
import { formatBRL } from '@pulsa/shared/format/money';
import { type DeleteAccountInput, deleteAccountSchema } from '@pulsa/shared/schemas/data-rights';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { showApiError } from '@/lib/api-errors';
import { keepNoticeForNextPage } from '@/lib/kept-notice';
import { signingOut } from '@/lib/sign-out';
import { useSession } from '@/lib/use-session';
import { consentsQuery, dataExportsQuery, dataRightsRequests, deletionPreviewQuery } from '../api';
import { DATA_RIGHTS_TEXT } from '../texts';

const T = DATA_RIGHTS_TEXT;

const when = (iso: string) => `${formatDate(iso)} às ${formatTime(iso)}`;

/**
 * The LGPD self-service of the settings page (patient and doctor): a copy of the data, the consents
 * with versions and dates, and the deletion of the account. The record shares the patient granted
 * have their own card on the same page.
 */
export function DataRightsSection({ area: role }: { area: 'patient' | 'doctor' }) {
  return (
    <section id="meus-dados" aria-labelledby="meus-dados-titulo" className="space-y-4">
      <div className="space-y-1">
        <h2 id="meus-dados-titulo" className="font-semibold text-xl tracking-tight">
          {T.section.title}
        </h2>
        <p className="text-muted-foreground text-sm">{T.section.description}</p>
        {role === 'patient' ? (
          <Link
            to={paths.patient.accessLog.href()}
            className="inline-flex items-center gap-1.5 font-medium text-primary text-sm underline-offset-2 hover:underline"
          >
            <ShieldCheck aria-hidden className="size-4" />
            {T.section.accessLogLink}
          </Link>
        ) : null}
      </div>
      <ExportCard role={role} />
      <ConsentsCard />
      <DeletionCard role={role} />
    </section>
  );
}

function ExportCard({ role }: { role: 'patient' | 'doctor' }) {
  const queryClient = useQueryClient();
  const exports = useQuery(dataExportsQuery);
  const request = useMutation({
    mutationFn: dataRightsRequests.requestExport,
    meta: { error: { title: T.export.errorTitle } },
    onSuccess: async (created) => {
      toast.success(T.export.successTitle, { description: created.message });
      await queryClient.invalidateQueries({ queryKey: dataExportsQuery.queryKey });
    },
  });
  const items = exports.data?.items ?? [];
  const running = items.some((e) => e.status === 'pending');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Download aria-hidden className="size-5" />
          {T.export.title}
        </CardTitle>
        <CardDescription>{T.export.description[role]}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button onClick={() => request.mutate()} disabled={request.isPending || running}>
          {request.isPending ? T.export.busy : T.export.button}
        </Button>
        {items.length > 0 ? (
          <div className="space-y-2">
            <h3 className="font-medium text-sm">{T.export.history}</h3>
            <ul className="space-y-1 text-sm">
              {items.map((e) => (
                <li key={e.id} className="flex flex-wrap items-center gap-2">
                  <span>{T.export.requestedOn(when(e.requestedAt))}</span>
                  <Badge
                    tone={e.status === 'ready' ? 'success' : e.status === 'failed' ? 'danger' : 'neutral'}
                  >
                    {T.export.status[e.status]}
                  </Badge>
                  {e.status === 'ready' && e.expiresAt ? (
                    <span className="text-muted-foreground">
                      {T.export.validUntil(formatDate(e.expiresAt))}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ConsentsCard() {
  const consents = useQuery(consentsQuery);
  const items = consents.data?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.consents.title}</CardTitle>
        <CardDescription>{T.consents.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {consents.isPending ? null : items.length === 0 ? (
          <p className="text-muted-foreground text-sm">{T.consents.empty}</p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {items.map((c) => (
              <li
                key={`${c.kind}-${c.version}-${c.acceptedAt}`}
                className="flex flex-wrap items-start justify-between gap-2 p-3 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-medium">{c.title}</p>
                  <p className="text-muted-foreground">
                    {c.kind === 'teleconsultation'
                      ? `${T.consents.version(c.version)} · ${T.consents.acceptedOn(when(c.acceptedAt))}`
                      : T.consents.acceptedAtSignUp(when(c.acceptedAt))}
                    {c.withdrawnAt ? ` · ${T.consents.withdrawnOn(when(c.withdrawnAt))}` : ''}
                  </p>
                </div>
                <Badge tone={c.withdrawnAt ? 'neutral' : 'success'}>
                  {c.withdrawnAt ? T.consents.withdrawn : T.consents.inForce}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DeletionCard({ role }: { role: 'patient' | 'doctor' }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <Trash2 aria-hidden className="size-5" />
          {T.deletion.title}
        </CardTitle>
        <CardDescription>{T.deletion.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          {T.deletion.button}
        </Button>
        <Dialog open={open} onOpenChange={setOpen}>
          {open ? <DeletionDialog role={role} onCancel={() => setOpen(false)} /> : null}
        </Dialog>
      </CardContent>
    </Card>
  );
}

function DeletionDialog({ role, onCancel }: { role: 'patient' | 'doctor'; onCancel: () => void }) {
  const preview = useQuery(deletionPreviewQuery);
  const { user } = useSession();
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '', code: '', confirmation: '' },
  });
  const remove = useMutation({ mutationFn: dataRightsRequests.deleteAccount });
  const errors = form.formState.errors;
  const busy = remove.isPending;
  const p = preview.data;

  const onSubmit = form.handleSubmit(async (values) => {
    // The server ends every session of the account as it answers: this tab must not read that as
    // "signed out elsewhere" and ask to sign in again.
    signingOut.current = true;
    try {
      const { message } = await remove.mutateAsync({ ...values, code: values.code || undefined });
      // A whole new page: nothing of the signed-in area (queries, live connection) survives it.
      keepNoticeForNextPage({ title: T.deletion.doneTitle, description: message, tone: 'success' });
      window.location.assign(paths.home.href());
    } catch (error) {
      signingOut.current = false;
      showApiError(error, {
        title: T.deletion.errorTitle,
        setError: form.setError,
        fields: ['password', 'code', 'confirmation'],
      });
    }
  });

  return (
    <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
      <DialogHeader>
        <DialogTitle>{T.deletion.dialogTitle}</DialogTitle>
        <DialogDescription>{T.deletion.description}</DialogDescription>
      </DialogHeader>
      {preview.isPending ? (
        <p className="text-muted-foreground text-sm">{T.deletion.loading}</p>
      ) : p ? (
        <div className="space-y-3 text-sm">
          <h3 className="font-medium">{T.deletion.whatHappens}</h3>
          <ul className="list-disc space-y-2 pl-5">
            <li>{T.deletion.anonymised}</li>
            <li>
              {p.retainUntil
                ? T.deletion.keptUntil(formatCalendarDate(p.retainUntil))
                : T.deletion.nothingClinical}
            </li>
            <li>{T.deletion.money}</li>
            {role === 'doctor' ? <li>{T.deletion.doctorProfile}</li> : null}
          </ul>
          {p.futureConsultations.length > 0 ? (
            <div className="space-y-1">
              <p>{T.deletion.future}</p>
              <ul className="space-y-1 rounded-lg border p-3">
                {p.futureConsultations.map((c) => (
                  <li key={c.id}>
                    {when(c.startsAt)} · {c.otherParty} ·{' '}
                    <span className="text-muted-foreground">
                      {c.refundAmount > 0
                        ? T.deletion.refund(formatBRL(c.refundAmount))
                        : T.deletion.noRefund}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {p.blockedByConsultation ? (
            <p role="alert" className="font-medium text-destructive">
              {T.deletion.blocked}
            </p>
          ) : null}
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label={T.deletion.password} error={errors.password?.message}>
          <Input
            type="password"
            autoComplete="current-password"
            disabled={busy}
            {...form.register('password')}
          />
        </FormField>
        {user?.twoFactorEnabled ? (
          <FormField label={T.deletion.code} error={errors.code?.message}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              disabled={busy}
              {...form.register('code')}
            />
          </FormField>
        ) : null}
        <FormField label={T.deletion.confirmation} error={errors.confirmation?.message}>
          <Input autoComplete="off" disabled={busy} {...form.register('confirmation')} />
        </FormField>
        <DialogFooter className="gap-2">
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            {T.deletion.cancel}
          </Button>
          <Button type="submit" variant="destructive" disabled={busy || !p || p.blockedByConsultation}>
            {busy ? T.deletion.busy : T.deletion.submit}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
