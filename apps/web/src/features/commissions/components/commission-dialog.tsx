import { zodResolver } from '@hookform/resolvers/zod';
import { formatDate } from '@pulsa/shared/format/date';
import {
  COMMISSION_FORM_DEFAULTS,
  type CommissionInput,
  type CommissionSetting,
  commissionInputSchema,
} from '@pulsa/shared/schemas/commissions';
import { useEffect, useId } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { fieldErrorClassName, fieldMessageId } from '@/components/ui/field-styles';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { Switch } from '@/components/ui/switch';
import { ReauthCancelled, useReauthGuard } from '@/features/account';
import { useSpecialties } from '@/features/catalog';
import { showApiError } from '@/lib/api-errors';
import { useCommissionVersions, useSaveCommission } from '../api/commissions';
import { formatPercent } from '../format';
import { COMMISSIONS_TEXT } from '../texts';

const T = COMMISSIONS_TEXT.dialog;
const ALL = 'all';
const FIELDS: Path<CommissionInput>[] = ['name', 'percentage', 'specialtyId', 'isDefault', 'isActive'];

/** What the dialog edits: a new rule, or one of the list's. */
export type CommissionDialogTarget = { mode: 'create' } | { mode: 'edit'; setting: CommissionSetting };

const valuesOf = (target: CommissionDialogTarget | null): CommissionInput =>
  target?.mode === 'edit'
    ? {
        name: target.setting.name,
        percentage: target.setting.percentage,
        specialtyId: target.setting.specialtyId,
        isDefault: target.setting.isDefault,
        isActive: target.setting.isActive,
      }
    : COMMISSION_FORM_DEFAULTS;

/**
 * The spec's commission dialog: saving creates when there is no id and updates when there is one.
 * A change asks for the password (and code) again when the last one is not recent.
 */
export function CommissionDialog({
  target,
  onClose,
}: {
  target: CommissionDialogTarget | null;
  onClose: () => void;
}) {
  const save = useSaveCommission();
  const guard = useReauthGuard();
  const specialties = useSpecialties();
  const form = useForm<CommissionInput>({
    resolver: zodResolver(commissionInputSchema),
    defaultValues: valuesOf(target),
  });
  const { reset } = form;
  const openKey = target ? (target.mode === 'edit' ? target.setting.id : 'new') : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from its rule's values
  useEffect(() => reset(valuesOf(target)), [openKey, reset]);
  const busy = form.formState.isSubmitting;
  const errors = form.formState.errors;
  const ids = { isDefault: useId(), isActive: useId() };

  const onSubmit = form.handleSubmit(async (data) => {
    const id = target?.mode === 'edit' ? target.setting.id : undefined;
    try {
      await guard(() => save.mutateAsync({ id, data }));
      toast.success(id ? COMMISSIONS_TEXT.updated : COMMISSIONS_TEXT.created);
      onClose();
    } catch (error) {
      if (error instanceof ReauthCancelled) return;
      showApiError(error, { title: COMMISSIONS_TEXT.saveError, setError: form.setError, fields: FIELDS });
    }
  });

  const specialtyOptions = [
    { value: ALL, label: T.allSpecialties },
    ...(specialties.data ?? []).map((s) => ({ value: s.id, label: s.name })),
  ];

  const toggle = (name: 'isDefault' | 'isActive', label: string, hint: string) => {
    const error = errors[name]?.message;
    const id = ids[name];
    return (
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-3">
            <div className="space-y-1">
              <Label htmlFor={id}>{label}</Label>
              <p
                id={fieldMessageId(id)}
                className={error ? fieldErrorClassName : 'text-muted-foreground text-xs'}
              >
                {error ?? hint}
              </p>
            </div>
            <Switch
              id={id}
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked)}
              onBlur={field.onBlur}
              disabled={busy}
              aria-invalid={error ? true : undefined}
              aria-describedby={fieldMessageId(id)}
            />
          </div>
        )}
      />
    );
  };

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>{target?.mode === 'edit' ? T.editTitle : T.createTitle}</DialogTitle>
          <DialogDescription>{T.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label={T.name} error={errors.name?.message}>
            <Input
              autoComplete="off"
              maxLength={80}
              placeholder={T.namePlaceholder}
              disabled={busy}
              {...form.register('name')}
            />
          </FormField>
          <FormField label={T.percentage} hint={T.percentageHint} error={errors.percentage?.message}>
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step={0.01}
              disabled={busy}
              {...form.register('percentage', { valueAsNumber: true })}
            />
          </FormField>
          <Controller
            control={form.control}
            name="specialtyId"
            render={({ field }) => (
              <FormField label={T.specialty} error={errors.specialtyId?.message}>
                <SelectField
                  ref={field.ref}
                  value={field.value ?? ALL}
                  onValueChange={(value) => field.onChange(value === ALL ? null : value)}
                  onBlur={field.onBlur}
                  options={specialtyOptions}
                  disabled={busy}
                />
              </FormField>
            )}
          />
          {toggle('isDefault', T.isDefault, T.isDefaultHint)}
          {toggle('isActive', T.isActive, T.isActiveHint)}
          {target?.mode === 'edit' ? <VersionHistory id={target.setting.id} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {T.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {busy ? T.busy : T.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The rule's past versions: what each one said, who wrote it and when (past bookings keep theirs). */
function VersionHistory({ id }: { id: string }) {
  const versions = useCommissionVersions(id);
  const items = versions.data ?? [];
  if (items.length === 0) return null;
  return (
    <details className="rounded-lg border border-border p-3 text-sm">
      <summary className="cursor-pointer font-medium">{T.history(items.length)}</summary>
      <ol className="mt-2 space-y-1 text-muted-foreground text-xs">
        {items.map((v) => {
          const flags = [v.isDefault ? T.historyDefault : null, v.isActive ? null : T.historyInactive]
            .filter(Boolean)
            .join(', ');
          const scope = `${v.specialtyName ?? COMMISSIONS_TEXT.allSpecialties}${flags ? ` (${flags})` : ''}`;
          return (
            <li key={v.version}>
              {T.historyLine(
                v.version,
                formatPercent(v.percentage),
                scope,
                v.changedBy?.name || T.historyByMigration,
                formatDate(v.createdAt),
              )}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
