import { zodResolver } from '@hookform/resolvers/zod';
import {
  CLINICAL_DOCUMENT_LABEL,
  CLINICAL_DOCUMENT_TYPES,
  type ClinicalDocumentType,
  certificateInputSchema,
  examRequestInputSchema,
  hasAntimicrobial,
  type IssueDocument,
  PATIENT_SEX_LABEL,
  PATIENT_SEXES,
  prescriptionInputSchema,
  reportInputSchema,
} from '@pulsa/shared/schemas/clinical-documents';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import {
  Controller,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { Textarea } from '@/components/ui/textarea';
import { Cid10Combobox } from '@/features/records';
import { showApiError } from '@/lib/api-errors';
import { useIssueDocument } from '../api/documents';
import { DOCUMENTS_TEXT as T } from '../texts';

interface A1Choice {
  file: File;
  password: string;
}

/** The form of one document type: its own fields, its own schema (the server's), and the A1 choice. */
export function IssueDocumentForm({ appointmentId }: { appointmentId: string }) {
  const [type, setType] = useState<ClinicalDocumentType>('prescription');
  return (
    <div className="space-y-4">
      <FormField label={T.panel.type}>
        <SelectField
          value={type}
          onValueChange={(value) => setType(value as ClinicalDocumentType)}
          options={CLINICAL_DOCUMENT_TYPES.map((t) => ({ value: t, label: CLINICAL_DOCUMENT_LABEL[t] }))}
        />
      </FormField>
      {/* A new type is a new form: nothing typed for another type is sent with it. */}
      {type === 'prescription' ? <PrescriptionForm appointmentId={appointmentId} /> : null}
      {type === 'certificate' ? <CertificateForm appointmentId={appointmentId} /> : null}
      {type === 'exam_request' ? <ExamRequestForm appointmentId={appointmentId} /> : null}
      {type === 'report' ? <ReportForm appointmentId={appointmentId} /> : null}
    </div>
  );
}

/** Sends the document (with the A1 when chosen), shows field errors where they belong, resets on success. */
function useSubmit<T extends FieldValues>(appointmentId: string, form: UseFormReturn<T>, reset: () => void) {
  const issue = useIssueDocument(appointmentId);
  const [a1, setA1] = useState<A1Choice | null>(null);
  const [useA1, setUseA1] = useState(false);
  const [a1Error, setA1Error] = useState<string | undefined>();
  const submit = (toDocument: (values: T) => IssueDocument) =>
    form.handleSubmit(async (values) => {
      const document = toDocument(values);
      if (useA1 && !a1?.file) {
        setA1Error('Envie o arquivo do seu certificado A1 (.pfx ou .p12)');
        return;
      }
      setA1Error(undefined);
      try {
        const issued = await issue.mutateAsync({ document, a1: useA1 && a1 ? a1 : undefined });
        if (issued.signer === 'pending') toast.warning(T.panel.issuedPendingToast(document.type));
        else toast.success(T.panel.issuedToast(document.type));
        reset();
      } catch (error) {
        showApiError(error, { title: T.panel.issueError, setError: form.setError as never });
        const fieldErrors = (error as { fieldErrors?: Record<string, string> }).fieldErrors;
        if (fieldErrors?.certificate) setA1Error(fieldErrors.certificate);
      }
    });
  const a1Fields = (
    <A1Fields enabled={useA1} onEnabled={setUseA1} value={a1} onChange={setA1} error={a1Error} />
  );
  return { submit, busy: form.formState.isSubmitting, a1Fields };
}

function A1Fields({
  enabled,
  onEnabled,
  value,
  onChange,
  error,
}: {
  enabled: boolean;
  onEnabled: (on: boolean) => void;
  value: A1Choice | null;
  onChange: (value: A1Choice | null) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-3 rounded-lg border border-border p-3">
      <div className="flex items-start gap-2">
        <Checkbox id={id} checked={enabled} onCheckedChange={(on) => onEnabled(on === true)} />
        <Label htmlFor={id} className="font-normal leading-snug">
          {T.a1.toggle}
        </Label>
      </div>
      {enabled ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label={T.a1.file} error={error} hint={T.a1.hint}>
            <Input
              type="file"
              accept=".pfx,.p12,application/x-pkcs12"
              onChange={(event) => {
                const file = event.target.files?.[0];
                onChange(file ? { file, password: value?.password ?? '' } : null);
              }}
            />
          </FormField>
          <FormField label={T.a1.password}>
            <Input
              type="password"
              autoComplete="off"
              value={value?.password ?? ''}
              onChange={(event) => value && onChange({ ...value, password: event.target.value })}
            />
          </FormField>
        </div>
      ) : null}
    </div>
  );
}

const EMPTY_ITEM = {
  medicine: '',
  presentation: '',
  dose: '',
  route: 'oral',
  frequency: '',
  duration: '',
  quantity: '',
  instructions: '',
  controlType: 'none' as const,
};

type PrescriptionValues = z.input<typeof prescriptionInputSchema>;

function PrescriptionForm({ appointmentId }: { appointmentId: string }) {
  const defaults: PrescriptionValues = { type: 'prescription', items: [EMPTY_ITEM] };
  const form = useForm<PrescriptionValues, unknown, z.output<typeof prescriptionInputSchema>>({
    resolver: zodResolver(prescriptionInputSchema),
    defaultValues: defaults,
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  // An antimicrobial (RDC 471/2021) asks the patient's sex, and the age when the record lacks it.
  const watchedItems = useWatch({ control: form.control, name: 'items' }) ?? [];
  const antimicrobial = hasAntimicrobial(watchedItems.map((i) => ({ medicine: i?.medicine ?? '' })));
  const { submit, busy, a1Fields } = useSubmit(appointmentId, form as never, () => form.reset(defaults));
  const errors = form.formState.errors;
  const itemField = (
    index: number,
    name: Exclude<keyof typeof EMPTY_ITEM, 'controlType'>,
    label: string,
    placeholder?: string,
  ) => (
    <FormField label={label} error={errors.items?.[index]?.[name]?.message}>
      <Input
        placeholder={placeholder}
        disabled={busy}
        {...form.register(`items.${index}.${name}` as Path<PrescriptionValues>)}
      />
    </FormField>
  );
  const P = T.prescription;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={submit((values) => values as unknown as IssueDocument)}
      aria-label={CLINICAL_DOCUMENT_LABEL.prescription}
    >
      <p className="rounded-md bg-muted p-3 text-muted-foreground text-xs">{P.controlledNotice}</p>
      {items.fields.map((field, index) => (
        <fieldset key={field.id} className="min-w-0 space-y-3 rounded-lg border border-border p-3">
          <div className="flex items-center justify-between">
            <legend className="font-medium text-sm">{P.item(index + 1)}</legend>
            {items.fields.length > 1 ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => items.remove(index)}
                disabled={busy}
              >
                <Trash2 aria-hidden /> {P.removeItem}
              </Button>
            ) : null}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            {itemField(index, 'medicine', P.medicine, P.medicinePlaceholder)}
            {itemField(index, 'presentation', P.presentation, P.presentationPlaceholder)}
            {itemField(index, 'dose', P.dose, P.dosePlaceholder)}
            {itemField(index, 'route', P.route, P.routePlaceholder)}
            {itemField(index, 'frequency', P.frequency, P.frequencyPlaceholder)}
            {itemField(index, 'duration', P.duration, P.durationPlaceholder)}
            {itemField(index, 'quantity', P.quantity, P.quantityPlaceholder)}
          </div>
          <FormField label={P.instructions} error={errors.items?.[index]?.instructions?.message}>
            <Textarea rows={2} disabled={busy} {...form.register(`items.${index}.instructions`)} />
          </FormField>
        </fieldset>
      ))}
      {antimicrobial ? (
        <fieldset
          className="min-w-0 space-y-3 rounded-lg border border-border p-3"
          data-testid="antimicrobial-fields"
        >
          <legend className="px-1 font-medium text-sm">{P.antimicrobialTitle}</legend>
          <p className="text-muted-foreground text-xs">{P.antimicrobialNotice}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <Controller
              control={form.control}
              name="patientSex"
              render={({ field }) => (
                <FormField label={P.patientSex} error={errors.patientSex?.message}>
                  <SelectField
                    ref={field.ref}
                    value={field.value ?? ''}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    placeholder={P.patientSexPlaceholder}
                    options={PATIENT_SEXES.map((sex) => ({ value: sex, label: PATIENT_SEX_LABEL[sex] }))}
                    disabled={busy}
                  />
                </FormField>
              )}
            />
            <FormField label={P.patientAge} error={errors.patientAge?.message} hint={P.patientAgeHint}>
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                max={130}
                disabled={busy}
                {...form.register('patientAge')}
              />
            </FormField>
          </div>
        </fieldset>
      ) : null}
      {errors.items?.message || errors.items?.root?.message ? (
        <p className="text-destructive text-sm">{errors.items?.message ?? errors.items?.root?.message}</p>
      ) : null}
      <Button type="button" variant="outline" onClick={() => items.append(EMPTY_ITEM)} disabled={busy}>
        <Plus aria-hidden /> {P.addItem}
      </Button>
      {a1Fields}
      <Button type="submit" loading={busy}>
        {busy ? T.panel.issuing : T.panel.issue}
      </Button>
    </form>
  );
}

type CertificateValues = z.input<typeof certificateInputSchema>;

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

function CertificateForm({ appointmentId }: { appointmentId: string }) {
  const defaults: CertificateValues = {
    type: 'certificate',
    daysOff: 1,
    startDate: today(),
    cid: '',
    cidConsent: false,
  };
  const form = useForm<CertificateValues, unknown, z.output<typeof certificateInputSchema>>({
    resolver: zodResolver(certificateInputSchema),
    defaultValues: defaults,
  });
  const { submit, busy, a1Fields } = useSubmit(appointmentId, form as never, () => form.reset(defaults));
  const errors = form.formState.errors;
  const consentId = useId();
  const C = T.certificate;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={submit((values) => values as unknown as IssueDocument)}
      aria-label={CLINICAL_DOCUMENT_LABEL.certificate}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label={C.daysOff} error={errors.daysOff?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            disabled={busy}
            {...form.register('daysOff')}
          />
        </FormField>
        <FormField label={C.startDate} error={errors.startDate?.message}>
          <Input type="date" disabled={busy} {...form.register('startDate')} />
        </FormField>
      </div>
      {/* The code comes from the CID-10 table, chosen by code or words; the server checks it again. */}
      <Controller
        control={form.control}
        name="cid"
        render={({ field }) =>
          field.value ? (
            <div className="space-y-1.5">
              <p className="font-medium text-sm">{C.cid}</p>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="rounded-md border px-2 py-1 font-mono">{field.value}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  onClick={() => field.onChange('')}
                >
                  {C.cidRemove}
                </Button>
              </div>
            </div>
          ) : (
            <div className="space-y-1">
              <Cid10Combobox
                label={C.cid}
                disabled={busy}
                onChoose={(code) => field.onChange(code.display)}
              />
              {errors.cid?.message ? <p className="text-destructive text-sm">{errors.cid.message}</p> : null}
            </div>
          )
        }
      />
      <Controller
        control={form.control}
        name="cidConsent"
        render={({ field }) => (
          <div className="space-y-1">
            <div className="flex items-start gap-2">
              <Checkbox
                id={consentId}
                ref={field.ref}
                checked={field.value === true}
                onCheckedChange={(on) => field.onChange(on === true)}
                disabled={busy}
                aria-invalid={errors.cidConsent ? true : undefined}
              />
              <Label htmlFor={consentId} className="font-normal leading-snug">
                {C.cidConsent}
              </Label>
            </div>
            <p className={errors.cidConsent ? 'text-destructive text-xs' : 'text-muted-foreground text-xs'}>
              {errors.cidConsent?.message ?? C.cidConsentHint}
            </p>
          </div>
        )}
      />
      {a1Fields}
      <Button type="submit" loading={busy}>
        {busy ? T.panel.issuing : T.panel.issue}
      </Button>
    </form>
  );
}

/** The exams as the doctor types them, one per line; the schema gets the list. */
const examFormSchema = z.object({ examsText: z.string(), clinicalIndication: z.string() });
type ExamValues = z.infer<typeof examFormSchema>;

function ExamRequestForm({ appointmentId }: { appointmentId: string }) {
  const defaults: ExamValues = { examsText: '', clinicalIndication: '' };
  const form = useForm<ExamValues>({
    resolver: async (values) => {
      const parsed = examRequestInputSchema.safeParse(toExamRequest(values));
      if (parsed.success) return { values, errors: {} };
      const errors: Record<string, { type: string; message: string }> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'exams' ? 'examsText' : String(issue.path[0]);
        errors[key] ??= { type: 'validation', message: issue.message };
      }
      return { values: {}, errors };
    },
    defaultValues: defaults,
  });
  const { submit, busy, a1Fields } = useSubmit(appointmentId, form, () => form.reset(defaults));
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={submit(toExamRequest)}
      aria-label={CLINICAL_DOCUMENT_LABEL.exam_request}
    >
      <FormField label={T.examRequest.exams} error={errors.examsText?.message}>
        <Textarea
          rows={4}
          placeholder={T.examRequest.examsPlaceholder}
          disabled={busy}
          {...form.register('examsText')}
        />
      </FormField>
      <FormField label={T.examRequest.indication} error={errors.clinicalIndication?.message}>
        <Textarea rows={2} disabled={busy} {...form.register('clinicalIndication')} />
      </FormField>
      {a1Fields}
      <Button type="submit" loading={busy}>
        {busy ? T.panel.issuing : T.panel.issue}
      </Button>
    </form>
  );
}

function toExamRequest(values: ExamValues): IssueDocument {
  return {
    type: 'exam_request',
    exams: values.examsText
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    clinicalIndication: values.clinicalIndication,
  };
}

type ReportValues = z.input<typeof reportInputSchema>;

function ReportForm({ appointmentId }: { appointmentId: string }) {
  const defaults: ReportValues = { type: 'report', text: '' };
  const form = useForm<ReportValues, unknown, z.output<typeof reportInputSchema>>({
    resolver: zodResolver(reportInputSchema),
    defaultValues: defaults,
  });
  const { submit, busy, a1Fields } = useSubmit(appointmentId, form as never, () => form.reset(defaults));
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={submit((values) => values as unknown as IssueDocument)}
      aria-label={CLINICAL_DOCUMENT_LABEL.report}
    >
      <FormField label={T.report.text} error={form.formState.errors.text?.message}>
        <Textarea rows={6} disabled={busy} {...form.register('text')} />
      </FormField>
      {a1Fields}
      <Button type="submit" loading={busy}>
        {busy ? T.panel.issuing : T.panel.issue}
      </Button>
    </form>
  );
}
