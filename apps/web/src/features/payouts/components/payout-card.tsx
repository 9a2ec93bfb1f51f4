import { zodResolver } from '@hookform/resolvers/zod';
import { formatBRL } from '@pulsa/shared/format/money';
import {
  type PayoutAccount,
  PIX_KEY_TYPE_LABEL,
  PIX_KEY_TYPES,
  type PixKeyInput,
  pixKeyInputSchema,
} from '@pulsa/shared/schemas/payouts';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { ReauthCancelled, ReauthProvider, useReauthGuard } from '@/features/account';
import { showApiError } from '@/lib/api-errors';
import { useSession } from '@/lib/use-session';
import {
  payoutKeys,
  useMyPayoutAccount,
  usePayoutLiveUpdates,
  useSavePixKey,
  useStartConnect,
} from '../api/payouts';
import { PAYOUTS_TEXT } from '../texts';

const T = PAYOUTS_TEXT.card;
const TONE = { not_set_up: 'neutral', pending: 'warning', active: 'success' } as const;

/**
 * The spec's payout card on /doctor/profile: the account's status (asked on load) and the way to
 * set it up — Stripe Connect's onboarding when the platform uses Connect, else the PIX key the
 * team transfers to. Back from Stripe with ?setup=complete: a toast, and the query string goes.
 */
export function PayoutCard() {
  const account = useMyPayoutAccount();
  const twoFactorEnabled = useSession().user?.twoFactorEnabled ?? false;
  usePayoutLiveUpdates('doctor');
  useSetupCompleteToast();
  const data = account.data;
  return (
    // `#repasses`: where the dashboard's checklist sends a doctor with no payout details.
    <Card id="repasses" className="scroll-mt-20">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{T.title}</CardTitle>
          {data ? (
            <Badge tone={TONE[data.status]} aria-label={`${T.statusLabel}: ${T.status[data.status]}`}>
              {T.status[data.status]}
            </Badge>
          ) : null}
        </div>
        <CardDescription>
          {data?.provider === 'pix' ? T.pixDescription : T.connectDescription}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {data ? (
          <>
            <BalanceLine account={data} />
            {data.provider === 'stripe_connect' ? (
              <ConnectAction account={data} />
            ) : (
              <ReauthProvider twoFactorEnabled={twoFactorEnabled}>
                <PixKeyForm account={data} />
              </ReauthProvider>
            )}
          </>
        ) : account.isError ? (
          <Button variant="outline" onClick={() => void account.refetch()}>
            {T.retry}
          </Button>
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
      </CardContent>
    </Card>
  );
}

function useSetupCompleteToast() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shown = useRef(false);
  const complete = params.get('setup') === 'complete';
  useEffect(() => {
    if (!complete || shown.current) return;
    shown.current = true;
    toast.success(T.setupComplete);
    void queryClient.invalidateQueries({ queryKey: payoutKeys.account });
    navigate('/doctor/profile', { replace: true });
  }, [complete, navigate, queryClient]);
}

function BalanceLine({ account }: { account: PayoutAccount }) {
  return (
    <div className="space-y-1 text-sm">
      {account.pixKey && account.pixKeyType ? (
        <p className="font-medium">{T.currentKey(PIX_KEY_TYPE_LABEL[account.pixKeyType], account.pixKey)}</p>
      ) : null}
      <p className="text-muted-foreground">
        {account.available < 0
          ? T.owed(formatBRL(-account.available))
          : T.available(formatBRL(account.available))}
      </p>
      <p className="text-muted-foreground">{T.minimum(formatBRL(account.minimumAmount))}</p>
    </div>
  );
}

function ConnectAction({ account }: { account: PayoutAccount }) {
  const start = useStartConnect();
  const label =
    account.status === 'not_set_up'
      ? T.connectSetUp
      : account.status === 'pending'
        ? T.connectResume
        : T.connectUpdate;
  const onClick = async () => {
    try {
      const { url } = await start.mutateAsync();
      window.location.assign(url);
    } catch (error) {
      showApiError(error, { title: T.setupError });
    }
  };
  return (
    <div className="space-y-2">
      {account.status === 'pending' ? <p className="text-muted-foreground text-sm">{T.pendingHint}</p> : null}
      <Button
        onClick={() => void onClick()}
        loading={start.isPending}
        variant={account.status === 'active' ? 'outline' : 'default'}
      >
        {start.isPending ? null : <ExternalLink aria-hidden />}
        {label}
      </Button>
    </div>
  );
}

const P = PAYOUTS_TEXT.pix;
const FIELDS: Path<PixKeyInput>[] = ['type', 'key'];

function PixKeyForm({ account }: { account: PayoutAccount }) {
  const save = useSavePixKey();
  const guard = useReauthGuard();
  const form = useForm<PixKeyInput>({
    resolver: zodResolver(pixKeyInputSchema),
    defaultValues: { type: account.pixKeyType ?? 'cpf', key: '' },
  });
  const busy = form.formState.isSubmitting;
  const errors = form.formState.errors;
  const type = form.watch('type');
  const onSubmit = form.handleSubmit(async (data) => {
    try {
      await guard(() => save.mutateAsync(data));
      toast.success(P.saved);
      form.reset({ type: data.type, key: '' });
    } catch (error) {
      if (error instanceof ReauthCancelled) return;
      showApiError(error, { title: P.saveError, setError: form.setError, fields: FIELDS });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <FormField label={P.type} error={errors.type?.message}>
            <SelectField
              ref={field.ref}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              options={PIX_KEY_TYPES.map((t) => ({ value: t, label: PIX_KEY_TYPE_LABEL[t] }))}
              disabled={busy}
            />
          </FormField>
        )}
      />
      <FormField label={P.key} error={errors.key?.message} hint={P.hint}>
        <Input
          autoComplete="off"
          maxLength={100}
          inputMode={
            type === 'cpf' || type === 'cnpj' || type === 'phone'
              ? 'numeric'
              : type === 'email'
                ? 'email'
                : 'text'
          }
          placeholder={P.placeholder[type]}
          disabled={busy}
          {...form.register('key')}
        />
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" loading={busy}>
          {busy ? P.busy : account.status === 'not_set_up' ? P.save : P.change}
        </Button>
      </div>
    </form>
  );
}
