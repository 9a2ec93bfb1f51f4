import { zodResolver } from '@hookform/resolvers/zod';
import {
  type EmailSettingsInput,
  emailSettingsInputSchema,
  type GeneralSettingsInput,
  generalSettingsInputSchema,
  type PaymentSettingsInput,
  paymentSettingsInputSchema,
  type SettingsView,
  THEMES,
} from '@pulsa/shared/schemas/settings';
import { Mail, PlugZap } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  Controller,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  useForm,
} from 'react-hook-form';
import { toast } from 'sonner';
import { ListLoadError } from '@/components/layout/list-states';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { Section } from '@/config/sections';
import { ReauthCancelled, ReauthProvider, useReauthGuard } from '@/features/account';
import { showApiError } from '@/lib/api-errors';
import { useSession } from '@/lib/use-session';
import { useSaveSettings, useSettings, useTestEmail, useTestPayment } from '../api/settings';
import { SETTINGS_TEXT as T } from '../texts';
import { lockedHint, SecretField, TestResult, ToggleRow } from './settings-fields';

type Tab = 'general' | 'payment' | 'email';

/**
 * /admin/settings: the spec's three tabs. Each tab saves on its own (a recent password and code
 * asked first when needed); secrets are never shown, only replaced; a field an environment variable
 * sets is shown disabled with the variable's name.
 */
export function SettingsPage({ section }: { section: Section }) {
  const query = useSettings();
  const [tab, setTab] = useState<Tab>('general');
  const twoFactorEnabled = useSession().user?.twoFactorEnabled ?? true;
  const view = query.data;
  return (
    <ReauthProvider twoFactorEnabled={twoFactorEnabled}>
      <PageHeader title={section.title} description={section.description} />
      {query.isError && !view ? (
        <ListLoadError
          message={T.loadFailed}
          actionLabel="Tentar novamente"
          onRetry={() => void query.refetch()}
        />
      ) : !view ? (
        <Skeleton className="h-96 w-full max-w-3xl" />
      ) : (
        <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)} className="max-w-3xl">
          <TabsList aria-label={T.tabsLabel}>
            <TabsTrigger value="general">{T.tabs.general}</TabsTrigger>
            <TabsTrigger value="payment">{T.tabs.payment}</TabsTrigger>
            <TabsTrigger value="email">{T.tabs.email}</TabsTrigger>
          </TabsList>
          <TabsContent value="general">
            <GeneralForm view={view} />
          </TabsContent>
          <TabsContent value="payment">
            <PaymentForm view={view} />
          </TabsContent>
          <TabsContent value="email">
            <EmailForm view={view} />
          </TabsContent>
        </Tabs>
      )}
    </ReauthProvider>
  );
}

/**
 * One tab's form. It follows the settings as they change: another admin's save (announced live)
 * updates the fields this admin has not touched and leaves what they are typing alone; this
 * admin's own save, through the re-authentication guard, starts it from the saved view. A refusal
 * reaches the toast and the fields.
 */
function useTabForm<T extends FieldValues>(
  tab: Tab,
  view: SettingsView,
  valuesOf: (view: SettingsView) => T,
  resolver: Resolver<T>,
  fields: Path<T>[],
) {
  const form = useForm<T>({ resolver, defaultValues: valuesOf(view) as DefaultValues<T> });
  const { reset } = form;
  const submitting = useRef(false);
  submitting.current = form.formState.isSubmitting;
  // `valuesOf` is one of the module's functions (stable): an inline one would reset on every render.
  useEffect(() => {
    // A save under way (waiting on re-authentication, say) restarts the form itself when it ends.
    if (submitting.current) return;
    reset(valuesOf(view), {
      keepDirtyValues: true,
      keepErrors: true,
      keepTouched: true,
      keepIsSubmitted: true,
      keepSubmitCount: true,
    });
  }, [view, reset, valuesOf]);
  const save = useSaveSettings();
  const guard = useReauthGuard();
  const onSubmit = form.handleSubmit(async (data) => {
    try {
      const saved = await guard(() =>
        save.mutateAsync({ tab, data } as unknown as Parameters<typeof save.mutateAsync>[0]),
      );
      reset(valuesOf(saved));
      toast.success(T.saved);
    } catch (error) {
      if (error instanceof ReauthCancelled) return;
      showApiError(error, { title: T.saveError, setError: form.setError, fields });
    }
  });
  return { form, onSubmit };
}

function TabCard({
  title,
  description,
  children,
  footer,
  onSubmit,
}: {
  title: string;
  description: string;
  children: ReactNode;
  footer: ReactNode;
  onSubmit: () => void;
}) {
  return (
    <Card>
      <form onSubmit={onSubmit} noValidate>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">{children}</CardContent>
        <CardFooter className="flex flex-wrap items-center gap-3">{footer}</CardFooter>
      </form>
    </Card>
  );
}

const generalValues = (view: SettingsView): GeneralSettingsInput => ({ ...view.general });

function GeneralForm({ view }: { view: SettingsView }) {
  const { form, onSubmit } = useTabForm<GeneralSettingsInput>(
    'general',
    view,
    generalValues,
    zodResolver(generalSettingsInputSchema),
    ['platformName', 'logoUrl', 'defaultCommission', 'maintenanceMode', 'theme'],
  );
  const busy = form.formState.isSubmitting;
  const errors = form.formState.errors;
  const G = T.general;
  return (
    <TabCard
      title={G.title}
      description={G.description}
      onSubmit={onSubmit}
      footer={
        <Button type="submit" loading={busy}>
          {busy ? T.saving : T.save}
        </Button>
      }
    >
      <FormField label={G.platformName} error={errors.platformName?.message}>
        <Input autoComplete="off" maxLength={60} disabled={busy} {...form.register('platformName')} />
      </FormField>
      <FormField label={G.logoUrl} hint={G.logoHint} error={errors.logoUrl?.message}>
        <Input
          type="url"
          inputMode="url"
          placeholder="https://"
          disabled={busy}
          {...form.register('logoUrl')}
        />
      </FormField>
      <FormField
        label={G.defaultCommission}
        hint={G.defaultCommissionHint}
        error={errors.defaultCommission?.message}
      >
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          disabled={busy}
          {...form.register('defaultCommission', { valueAsNumber: true })}
        />
      </FormField>
      <Controller
        control={form.control}
        name="theme"
        render={({ field }) => (
          <FormField label={G.theme} hint={G.themeHint} error={errors.theme?.message}>
            <SelectField
              ref={field.ref}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              options={THEMES.map((t) => ({ value: t, label: G.themes[t] }))}
              disabled={busy}
            />
          </FormField>
        )}
      />
      <Controller
        control={form.control}
        name="maintenanceMode"
        render={({ field }) => (
          <ToggleRow
            label={G.maintenanceMode}
            hint={G.maintenanceHint}
            checked={field.value}
            onCheckedChange={field.onChange}
            disabled={busy}
          />
        )}
      />
    </TabCard>
  );
}

const paymentValues = (view: SettingsView): PaymentSettingsInput => ({
  publishableKey: view.payment.publishableKey,
  secretKey: '',
  webhookSecret: '',
  enabled: view.payment.enabled,
});

function PaymentForm({ view }: { view: SettingsView }) {
  const p = view.payment;
  const schema = paymentSettingsInputSchema.superRefine((v, ctx) => {
    if (!p.secretKey.isSet && !v.secretKey)
      ctx.addIssue({ code: 'custom', path: ['secretKey'], message: T.secretKeyRequired });
  });
  const { form, onSubmit } = useTabForm<PaymentSettingsInput>(
    'payment',
    view,
    paymentValues,
    zodResolver(schema),
    ['publishableKey', 'secretKey', 'webhookSecret', 'enabled'],
  );
  const test = useTestPayment();
  const busy = form.formState.isSubmitting;
  const errors = form.formState.errors;
  const P = T.payment;
  const runTest = async () => {
    const { enabled: _enabled, ...keys } = form.getValues();
    try {
      const result = await test.mutateAsync(keys);
      (result.ok ? toast.success : toast.error)(result.message);
    } catch (error) {
      showApiError(error, { title: P.test });
    }
  };
  return (
    <TabCard
      title={P.title}
      description={P.description}
      onSubmit={onSubmit}
      footer={
        <>
          <Button type="submit" loading={busy}>
            {busy ? T.saving : T.save}
          </Button>
          <Button type="button" variant="outline" loading={test.isPending} onClick={() => void runTest()}>
            {test.isPending ? null : <PlugZap aria-hidden />}
            {test.isPending ? P.testing : P.test}
          </Button>
          <TestResult result={test.data} />
        </>
      }
    >
      <p className="text-muted-foreground text-sm">{P.active[p.activeProvider]}</p>
      <FormField
        label={P.publishableKey}
        hint={lockedHint(p.locks.publishableKey)}
        error={errors.publishableKey?.message}
      >
        {p.locks.publishableKey ? (
          <Input value={p.publishableKey} disabled readOnly />
        ) : (
          <Input
            autoComplete="off"
            spellCheck={false}
            placeholder="pk_…"
            disabled={busy}
            {...form.register('publishableKey')}
          />
        )}
      </FormField>
      <SecretField
        label={P.secretKey}
        view={p.secretKey}
        register={form.register('secretKey')}
        error={errors.secretKey?.message}
        disabled={busy}
        onKeep={() => form.setValue('secretKey', '')}
      />
      <SecretField
        label={P.webhookSecret}
        view={p.webhookSecret}
        register={form.register('webhookSecret')}
        error={errors.webhookSecret?.message}
        hint={P.webhookHint}
        disabled={busy}
        onKeep={() => form.setValue('webhookSecret', '')}
      />
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <ToggleRow
            label={P.enabled}
            hint={lockedHint(p.locks.enabled) ?? P.enabledHint}
            checked={field.value}
            onCheckedChange={field.onChange}
            disabled={busy || !!p.locks.enabled}
          />
        )}
      />
    </TabCard>
  );
}

const emailValues = (view: SettingsView): EmailSettingsInput => ({
  smtpHost: view.email.smtpHost,
  smtpPort: view.email.smtpPort,
  smtpUser: view.email.smtpUser,
  smtpPassword: '',
  emailFrom: view.email.emailFrom,
  emailEnabled: view.email.emailEnabled,
});

function EmailForm({ view }: { view: SettingsView }) {
  const e = view.email;
  const schema = emailSettingsInputSchema.superRefine((v, ctx) => {
    if (!e.smtpPassword.isSet && !e.smtpPassword.locked && !e.locks.smtpHost && !v.smtpPassword)
      ctx.addIssue({ code: 'custom', path: ['smtpPassword'], message: T.smtpPasswordRequired });
  });
  const { form, onSubmit } = useTabForm<EmailSettingsInput>('email', view, emailValues, zodResolver(schema), [
    'smtpHost',
    'smtpPort',
    'smtpUser',
    'smtpPassword',
    'emailFrom',
    'emailEnabled',
  ]);
  const test = useTestEmail();
  const busy = form.formState.isSubmitting;
  const errors = form.formState.errors;
  const E = T.email;
  // The test sends a password to a server: like a save, it asks for a recent password and code.
  const guard = useReauthGuard();
  const runTest = form.handleSubmit(async ({ emailEnabled: _enabled, ...smtp }) => {
    try {
      const result = await guard(() => test.mutateAsync(smtp));
      (result.ok ? toast.success : toast.error)(result.message);
    } catch (error) {
      if (error instanceof ReauthCancelled) return;
      showApiError(error, { title: E.test });
    }
  });
  const text = (name: 'smtpHost' | 'smtpUser' | 'emailFrom', label: string, hint?: string) => {
    const lock = e.locks[name];
    return (
      <FormField label={label} hint={lockedHint(lock) ?? hint} error={errors[name]?.message}>
        {lock ? (
          // Shown, not part of the form: the server ignores what the environment sets.
          <Input value={e[name]} disabled readOnly />
        ) : (
          <Input
            autoComplete="off"
            spellCheck={false}
            type={name === 'emailFrom' ? 'email' : 'text'}
            disabled={busy}
            {...form.register(name)}
          />
        )}
      </FormField>
    );
  };
  return (
    <TabCard
      title={E.title}
      description={E.description}
      onSubmit={onSubmit}
      footer={
        <>
          <Button type="submit" loading={busy}>
            {busy ? T.saving : T.save}
          </Button>
          <Button type="button" variant="outline" loading={test.isPending} onClick={() => void runTest()}>
            {test.isPending ? null : <Mail aria-hidden />}
            {test.isPending ? E.testing : E.test}
          </Button>
          <TestResult result={test.data} />
        </>
      }
    >
      {text('smtpHost', E.smtpHost)}
      <FormField label={E.smtpPort} hint={lockedHint(e.locks.smtpPort)} error={errors.smtpPort?.message}>
        {e.locks.smtpPort ? (
          <Input value={String(e.smtpPort)} disabled readOnly />
        ) : (
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            disabled={busy}
            {...form.register('smtpPort', { valueAsNumber: true })}
          />
        )}
      </FormField>
      {text('smtpUser', E.smtpUser)}
      <SecretField
        label={E.smtpPassword}
        view={e.smtpPassword}
        register={form.register('smtpPassword')}
        error={errors.smtpPassword?.message}
        disabled={busy}
        onKeep={() => form.setValue('smtpPassword', '')}
      />
      {text('emailFrom', E.emailFrom, E.emailFromHint)}
      <Controller
        control={form.control}
        name="emailEnabled"
        render={({ field }) => (
          <ToggleRow
            label={E.emailEnabled}
            hint={lockedHint(e.locks.emailEnabled) ?? E.emailEnabledHint}
            checked={field.value}
            onCheckedChange={field.onChange}
            disabled={busy || !!e.locks.emailEnabled}
          />
        )}
      />
      <p className="text-muted-foreground text-xs">{E.testHint}</p>
    </TabCard>
  );
}
