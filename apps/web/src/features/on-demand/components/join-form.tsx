import { zodResolver } from '@hookform/resolvers/zod';
import { formatBRL } from '@pulsa/shared/format/money';
import {
  needsCvv,
  RED_FLAG_IDS,
  RED_FLAGS,
  type RedFlagId,
  routeTriage,
} from '@pulsa/shared/on-demand/triage';
import {
  joinQueueInputSchema,
  ON_DEMAND_METHODS,
  type OnDemandMethod,
  type OnDemandOffer,
} from '@pulsa/shared/schemas/on-demand';
import { AlertTriangle, ArrowLeft, CreditCard, QrCode, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { fieldErrorClassName } from '@/components/ui/field-styles';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { amountInProse } from '../amount';
import { useJoinQueue } from '../api/ticket-mutations';
import { ON_DEMAND_TEXT } from '../texts';
import { EmergencyScreen } from './emergency-screen';
import { OfferForecast } from './offer-summary';

const T = ON_DEMAND_TEXT.join;

type Answer = 'yes' | 'no';
const answerSchema = z.enum(['yes', 'no'], { error: T.redFlagsRequired });

/** What the patient fills in; the specialty comes from the offer chosen. Every question must be answered. */
const joinFormSchema = z.object({
  complaint: joinQueueInputSchema.shape.complaint,
  redFlags: z.object(
    Object.fromEntries(RED_FLAG_IDS.map((id) => [id, answerSchema])) as Record<
      RedFlagId,
      typeof answerSchema
    >,
  ),
  captions: z.boolean(),
  method: joinQueueInputSchema.shape.method,
  acceptTerms: joinQueueInputSchema.shape.acceptTerms,
});
type JoinFormInput = {
  complaint: string;
  redFlags: Partial<Record<RedFlagId, Answer>>;
  captions: boolean;
  method: OnDemandMethod;
  acceptTerms: boolean;
};

const METHOD_ICON = { card: CreditCard, pix: QrCode } as const;
type JoinFormOutput = z.output<typeof joinFormSchema>;

/** The answers as the rule reads them: a question not answered yet is not a "sim". */
const asBooleans = (answers: Partial<Record<RedFlagId, Answer>>) =>
  Object.fromEntries(RED_FLAG_IDS.map((id) => [id, answers[id] === 'yes'])) as Record<RedFlagId, boolean>;

/**
 * Joining a queue: the red-flag check first (any "sim" leads to SAMU 192 at once, never the
 * queue), what the patient feels, the captions need, how to pay and the rules to accept; then
 * "Entrar na fila", whose answer is the ticket waiting for the card or the PIX.
 */
export function JoinForm({ offer, onBack }: { offer: OnDemandOffer; onBack: () => void }) {
  const baseId = useId();
  const join = useJoinQueue();
  const form = useForm<JoinFormInput, unknown, JoinFormOutput>({
    resolver: zodResolver(joinFormSchema) as never,
    defaultValues: { complaint: '', redFlags: {}, captions: false, method: 'card', acceptTerms: false },
  });
  const errors = form.formState.errors;
  const answers = useWatch({ control: form.control, name: 'redFlags' }) ?? {};
  const method = useWatch({ control: form.control, name: 'method' }) ?? 'card';
  const refusedAsEmergency = join.error instanceof ApiError && join.error.code === 'emergency';
  const emergency = routeTriage(asBooleans(answers)) === 'emergency' || refusedAsEmergency;

  // Any answer given by mistake is asked again: the "sim" answers are cleared, not turned into "não".
  const correctAnswers = () => {
    for (const id of RED_FLAG_IDS)
      if (form.getValues(`redFlags.${id}`) === 'yes') form.setValue(`redFlags.${id}`, undefined);
    join.reset();
  };

  const onSubmit = form.handleSubmit((values) => {
    const redFlags = asBooleans(values.redFlags);
    // The server applies the same rule whatever the page sends; the page never sends a "sim" on.
    if (routeTriage(redFlags) === 'emergency') return;
    join.mutate(
      {
        specialtyId: offer.specialtyId,
        complaint: values.complaint,
        redFlags,
        captions: values.captions,
        method: values.method,
        acceptTerms: true,
      },
      {
        onError: (error) =>
          applyFieldErrors(error, form.setError, ['complaint', 'redFlags', 'method', 'acceptTerms']),
      },
    );
  });

  if (emergency) return <EmergencyScreen cvv={needsCvv(asBooleans(answers))} onMistake={correctAnswers} />;

  // A refusal that is no field's: the queue closed, filled up or lost its doctors meanwhile.
  const refusal =
    join.error && !(join.error instanceof ApiError && join.error.status === 400 && join.error.fieldErrors)
      ? join.error.message
      : null;
  const redFlagsError = RED_FLAG_IDS.some((id) => errors.redFlags?.[id]) || errors.redFlags?.message;
  const busy = join.isPending;

  return (
    <div className="space-y-6">
      <Button variant="ghost" size="sm" className="-ml-3" onClick={onBack}>
        <ArrowLeft aria-hidden />
        {T.back}
      </Button>
      <Card>
        <CardContent className="space-y-3 p-6">
          <h2 className="font-semibold text-xl">{T.title(offer.specialtyName)}</h2>
          <div className="flex flex-wrap gap-x-8 gap-y-2">
            <p className="font-semibold text-lg tabular-nums">{formatBRL(offer.price)}</p>
            <p className="flex items-center gap-1.5 font-medium text-sm">
              <ShieldCheck aria-hidden className="size-4 text-primary" />
              {ON_DEMAND_TEXT.offers.guarantee(offer.maxWaitMinutes)}
            </p>
          </div>
          <OfferForecast offer={offer} />
        </CardContent>
      </Card>

      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <fieldset
          disabled={busy}
          className="space-y-4 rounded-xl border border-border bg-card p-6"
          aria-describedby={`${baseId}-flags-intro`}
        >
          <legend className="px-1 font-semibold text-lg">{T.redFlagsTitle}</legend>
          <p id={`${baseId}-flags-intro`} className="text-muted-foreground text-sm">
            {T.redFlagsIntro} {T.redFlagsQuestion}
          </p>
          <ul className="divide-y divide-border">
            {RED_FLAGS.map((flag) => {
              const questionId = `${baseId}-flag-${flag.id}`;
              const invalid = !!errors.redFlags?.[flag.id];
              return (
                <li
                  key={flag.id}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <p id={questionId} className="text-sm">
                    {flag.question}
                  </p>
                  <Controller
                    control={form.control}
                    name={`redFlags.${flag.id}`}
                    render={({ field }) => (
                      <RadioGroup
                        value={field.value ?? ''}
                        onValueChange={(value) => field.onChange(value as Answer)}
                        aria-labelledby={questionId}
                        aria-invalid={invalid || undefined}
                        aria-describedby={redFlagsError ? `${baseId}-flags-message` : undefined}
                        className="flex shrink-0 gap-4"
                      >
                        {(['yes', 'no'] as const).map((value) => (
                          <div key={value} className="flex items-center gap-2">
                            <RadioGroupItem id={`${questionId}-${value}`} value={value} />
                            <Label htmlFor={`${questionId}-${value}`}>{value === 'yes' ? T.yes : T.no}</Label>
                          </div>
                        ))}
                      </RadioGroup>
                    )}
                  />
                </li>
              );
            })}
          </ul>
          {redFlagsError ? (
            <p id={`${baseId}-flags-message`} className={fieldErrorClassName}>
              {T.redFlagsRequired}
            </p>
          ) : null}
        </fieldset>

        <div className="space-y-5 rounded-xl border border-border bg-card p-6">
          <FormField label={T.complaint} hint={T.complaintHint} error={errors.complaint?.message}>
            <Textarea rows={4} maxLength={1000} disabled={busy} {...form.register('complaint')} />
          </FormField>

          {/* A deaf or hard-of-hearing patient says so here; the doctor sees it before calling (decision 115). */}
          <Controller
            control={form.control}
            name="captions"
            render={({ field }) => (
              <div className="flex items-start gap-2">
                <Checkbox
                  id={`${baseId}-captions`}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  disabled={busy}
                  aria-describedby={`${baseId}-captions-hint`}
                  className="mt-0.5"
                />
                <div className="space-y-1">
                  <Label htmlFor={`${baseId}-captions`} className="leading-snug">
                    {T.captions}
                  </Label>
                  <p id={`${baseId}-captions-hint`} className="text-muted-foreground text-xs">
                    {T.captionsHint}
                  </p>
                </div>
              </div>
            )}
          />

          <fieldset className="space-y-2" aria-describedby={`${baseId}-method-hint`}>
            <legend className="mb-2 font-medium">{T.method}</legend>
            <Controller
              control={form.control}
              name="method"
              render={({ field }) => (
                <RadioGroup
                  value={field.value}
                  onValueChange={(value) => field.onChange(value as OnDemandMethod)}
                  className="grid gap-2 sm:grid-cols-2"
                  aria-label={T.method}
                >
                  {ON_DEMAND_METHODS.map((m) => {
                    const Icon = METHOD_ICON[m];
                    return (
                      <Label
                        key={m}
                        htmlFor={`${baseId}-method-${m}`}
                        className="flex cursor-pointer items-center gap-2 rounded-lg border border-border p-3 has-[button[data-state=checked]]:border-primary has-[button[data-state=checked]]:bg-primary/5"
                      >
                        <RadioGroupItem id={`${baseId}-method-${m}`} value={m} disabled={busy} />
                        <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                        {T.methods[m].label}
                      </Label>
                    );
                  })}
                </RadioGroup>
              )}
            />
            <p id={`${baseId}-method-hint`} className="text-muted-foreground text-xs">
              {T.methods[method].hint}
            </p>
            {errors.method?.message ? <p className={fieldErrorClassName}>{errors.method.message}</p> : null}
          </fieldset>

          <section
            aria-labelledby={`${baseId}-terms`}
            className="space-y-3 rounded-lg border border-border p-4"
          >
            <h3 id={`${baseId}-terms`} className="font-medium">
              {T.termsTitle}
            </h3>
            <ul className="list-disc space-y-1.5 pl-5 text-sm">
              {T.terms(amountInProse(offer.price), offer.maxWaitMinutes).map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
            <Controller
              control={form.control}
              name="acceptTerms"
              render={({ field }) => (
                <div className="flex items-start gap-2">
                  <Checkbox
                    id={`${baseId}-accept`}
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    onBlur={field.onBlur}
                    disabled={busy}
                    aria-invalid={errors.acceptTerms ? true : undefined}
                    aria-describedby={errors.acceptTerms ? `${baseId}-accept-message` : undefined}
                    className="mt-0.5"
                  />
                  <Label htmlFor={`${baseId}-accept`} className="leading-snug">
                    {T.accept}
                  </Label>
                </div>
              )}
            />
            {errors.acceptTerms?.message ? (
              <p id={`${baseId}-accept-message`} className={fieldErrorClassName}>
                {errors.acceptTerms.message}
              </p>
            ) : null}
          </section>

          {refusal ? (
            <div
              role="alert"
              className="flex items-start gap-2 rounded-lg border border-warning/60 bg-warning/10 p-3 text-sm"
            >
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-warning-text" />
              <div>
                <p className="font-medium">{T.errorTitle}</p>
                <p>{refusal}</p>
              </div>
            </div>
          ) : null}

          <Button type="submit" size="lg" loading={busy}>
            {busy ? T.busy : T.submit}
          </Button>
        </div>
      </form>
    </div>
  );
}
