import { zodResolver } from '@hookform/resolvers/zod';
import { BRAZIL_STATES } from '@pulsa/shared/constants/brazil-states';
import { DEFAULT_CONSULTATION_MINUTES, DEFAULT_TIME_ZONE } from '@pulsa/shared/constants/business';
import { centavosToInput } from '@pulsa/shared/format/money';
import {
  BRAZIL_TIME_ZONES,
  CONSULTATION_LENGTHS,
  type DoctorProfile,
  type DoctorProfileFormValues,
  type DoctorProfileInput,
  doctorProfileFormSchema,
} from '@pulsa/shared/schemas/doctors';
import { TriangleAlert } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { Textarea } from '@/components/ui/textarea';
import { useSpecialtyOptions, withCurrent } from '../api/get-specialty-options';
import { useSaveProfile } from '../api/save-profile';
import { DOCTORS_TEXT } from '../texts';

const T = DOCTORS_TEXT.form;

function defaults(profile: DoctorProfile): DoctorProfileFormValues {
  return {
    crmNumber: profile.crmNumber ?? '',
    crmState: (profile.crmState ?? '') as DoctorProfileFormValues['crmState'],
    specialtyId: profile.specialty?.id ?? '',
    consultationPrice: profile.consultationPrice === null ? '' : centavosToInput(profile.consultationPrice),
    consultationMinutes: profile.consultationMinutes ?? DEFAULT_CONSULTATION_MINUTES,
    timeZone: profile.timeZone ?? DEFAULT_TIME_ZONE,
    bio: profile.bio ?? '',
    education: profile.education ?? '',
    professionalExperience: profile.professionalExperience ?? '',
    professionalAddress: profile.professionalAddress ?? '',
    professionalPhone: profile.professionalPhone ?? '',
    rqe: profile.rqe ?? '',
  };
}

/**
 * The professional profile form, one for /doctor/complete-profile (`mode="complete"`, the spec's
 * fields plus length and time zone) and /doctor/profile (every field).
 */
export function ProfileForm({
  profile,
  mode,
  onSaved,
}: {
  profile: DoctorProfile;
  mode: 'complete' | 'edit';
  onSaved?: (result: { backToReview: boolean }) => void;
}) {
  const form = useForm<DoctorProfileFormValues, unknown, DoctorProfileInput>({
    resolver: zodResolver(doctorProfileFormSchema),
    defaultValues: defaults(profile),
  });
  const save = useSaveProfile(form.setError);
  const specialties = useSpecialtyOptions();
  const busy = save.isPending;
  const errors = form.formState.errors;

  // Warn before saving: an approved doctor who changes CRM, UF or specialty goes back to review.
  const [crmNumber, crmState, specialtyId] = useWatch({
    control: form.control,
    name: ['crmNumber', 'crmState', 'specialtyId'],
  });
  const reviewWarning =
    profile.verificationStatus === 'approved' &&
    (crmNumber.trim() !== (profile.crmNumber ?? '') ||
      crmState !== (profile.crmState ?? '') ||
      specialtyId !== (profile.specialty?.id ?? ''));

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await save.mutateAsync(values).catch(() => null);
    if (!result) return;
    toast.success(DOCTORS_TEXT.toasts.saved, {
      description: result.backToReview ? T.backToReview : undefined,
    });
    form.reset(defaults(result.profile));
    onSaved?.(result);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-busy={busy}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={T.crmNumber} error={errors.crmNumber?.message}>
          <Input inputMode="numeric" autoComplete="off" disabled={busy} {...form.register('crmNumber')} />
        </FormField>
        <Controller
          control={form.control}
          name="crmState"
          render={({ field }) => (
            <FormField label={T.crmState} error={errors.crmState?.message}>
              <SelectField
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={busy}
                placeholder={T.crmStatePlaceholder}
                options={BRAZIL_STATES.map(([code, name]) => ({ value: code, label: `${code} — ${name}` }))}
              />
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="specialtyId"
          render={({ field }) => (
            <FormField label={T.specialty} error={errors.specialtyId?.message}>
              <SelectField
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={busy || !specialties.data}
                placeholder={T.specialtyPlaceholder}
                options={withCurrent(specialties.data ?? [], profile.specialty).map((s) => ({
                  value: s.id,
                  label: s.name,
                }))}
              />
            </FormField>
          )}
        />
        <FormField label={T.price} error={errors.consultationPrice?.message} hint={T.priceHint}>
          <Input
            inputMode="decimal"
            placeholder="150.00"
            disabled={busy}
            {...form.register('consultationPrice')}
          />
        </FormField>
        <Controller
          control={form.control}
          name="consultationMinutes"
          render={({ field }) => (
            <FormField label={T.minutes} error={errors.consultationMinutes?.message}>
              <SelectField
                value={String(field.value)}
                onValueChange={(v) => field.onChange(Number(v))}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={busy}
                options={CONSULTATION_LENGTHS.map((n) => ({ value: String(n), label: T.minutesOption(n) }))}
              />
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="timeZone"
          render={({ field }) => (
            <FormField label={T.timeZone} error={errors.timeZone?.message}>
              <SelectField
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={busy}
                options={BRAZIL_TIME_ZONES.map(([id, label]) => ({ value: id, label }))}
              />
            </FormField>
          )}
        />
      </div>
      <FormField label={T.bio} error={errors.bio?.message} hint={T.bioHint}>
        <Textarea rows={4} disabled={busy} {...form.register('bio')} />
      </FormField>
      {mode === 'edit' ? (
        <>
          <FormField label={T.education} error={errors.education?.message} hint={T.educationHint}>
            <Textarea rows={3} disabled={busy} {...form.register('education')} />
          </FormField>
          <FormField
            label={T.experience}
            error={errors.professionalExperience?.message}
            hint={T.experienceHint}
          >
            <Textarea rows={3} disabled={busy} {...form.register('professionalExperience')} />
          </FormField>
          <fieldset className="min-w-0 space-y-3 rounded-lg border border-border p-3">
            <legend className="px-1 font-medium text-sm">{T.documentsSection}</legend>
            <p className="text-muted-foreground text-xs">{T.documentsSectionHint}</p>
            <FormField
              label={T.professionalAddress}
              error={errors.professionalAddress?.message}
              hint={T.professionalAddressHint}
            >
              <Input
                autoComplete="street-address"
                disabled={busy}
                {...form.register('professionalAddress')}
              />
            </FormField>
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField
                label={T.professionalPhone}
                error={errors.professionalPhone?.message}
                hint={T.professionalPhoneHint}
              >
                <Input
                  type="tel"
                  autoComplete="tel"
                  disabled={busy}
                  {...form.register('professionalPhone')}
                />
              </FormField>
              <FormField label={T.rqe} error={errors.rqe?.message} hint={T.rqeHint}>
                <Input inputMode="numeric" autoComplete="off" disabled={busy} {...form.register('rqe')} />
              </FormField>
            </div>
          </fieldset>
        </>
      ) : null}
      {reviewWarning ? (
        <p
          role="status"
          className="flex gap-2 rounded-lg border border-warning/60 bg-warning/10 p-3 text-warning-text text-sm"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {T.reviewWarning}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          {busy ? T.busy : mode === 'complete' ? T.saveAndContinue : T.save}
        </Button>
      </div>
    </form>
  );
}
