import type { ClinicalRecord, RecordContent, ShownDiagnosis } from '@pulsa/shared/schemas/records';
import { RECORD_FIELD_MAX_LENGTH } from '@pulsa/shared/schemas/records';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CloudOff, Lock, PenLine, Star, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ListLoadError } from '@/components/layout/list-states';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { clockIn, viewerTimeZone } from '@/lib/zoned-time';
import { recordQuery, signRecord, useAddAddendum } from '../api/records';
import { RECORD_TEXT } from '../texts';
import { clearLocalCopy, type SaveState, useRecordDraft } from '../use-record-draft';
import { Cid10Combobox } from './cid10-combobox';
import { PatientHistoryPanel } from './patient-history';
import { AddendaView, RecordContentView, RecordHeaderView, whenIn } from './record-parts';
import { SignatureDialog } from './signature-dialog';

const T = RECORD_TEXT;

/**
 * The record of one consultation for its doctor: in the room beside the call and on the
 * consultation's page. A draft saves as it is typed; signing locks it; addenda follow.
 */
export function RecordPanel({ appointmentId, className }: { appointmentId: string; className?: string }) {
  const record = useQuery(recordQuery(appointmentId));
  const [zone] = useState(viewerTimeZone);
  if (record.isPending)
    return (
      <div aria-busy className="space-y-3">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  if (record.isError || !record.data)
    return (
      <ListLoadError message={T.loadError} actionLabel={T.retry} onRetry={() => void record.refetch()} />
    );
  return (
    <div className={cn('space-y-4', className)} data-testid="record-panel">
      <RecordHeaderView header={record.data.header} zone={zone} signed={record.data.status === 'signed'} />
      {record.data.status === 'signed' ? (
        <SignedRecord record={record.data} zone={zone} />
      ) : (
        <DraftEditor key={`${record.data.id}:${record.data.revision}`} record={record.data} />
      )}
      <PatientHistoryPanel appointmentId={appointmentId} zone={zone} />
    </div>
  );
}

function SaveStatus({ state, savedAt }: { state: SaveState; savedAt: string | null }) {
  const text =
    state === 'saving'
      ? T.saving.saving
      : state === 'offline'
        ? T.saving.offline
        : state === 'conflict'
          ? T.saving.conflict
          : state === 'pending'
            ? T.saving.pending
            : savedAt
              ? T.saving.saved(clockIn(savedAt, viewerTimeZone()))
              : T.saving.idle;
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="save-status"
      className={cn(
        'flex items-center gap-1.5 text-sm',
        state === 'offline' || state === 'conflict' ? 'text-warning-text' : 'text-muted-foreground',
      )}
    >
      {state === 'offline' ? <CloudOff aria-hidden className="size-4" /> : null}
      {text}
    </p>
  );
}

const FIELDS: [keyof Omit<RecordContent, 'diagnoses'>, string, string][] = [
  ['subjective', T.fields.subjective, T.fields.subjectiveHint],
  ['objective', T.fields.objective, T.fields.objectiveHint],
  ['assessment', T.fields.assessment, T.fields.assessmentHint],
  ['plan', T.fields.plan, T.fields.planHint],
  ['conduct', T.fields.conduct, T.fields.conductHint],
];

function DraftEditor({ record }: { record: ClinicalRecord }) {
  const queryClient = useQueryClient();
  const draft = useRecordDraft(record);
  const [shown, setShown] = useState<ShownDiagnosis[]>(record.diagnoses);
  const [signOpen, setSignOpen] = useState(false);
  const { content, change } = draft;
  const id = record.appointmentId;
  // The status may move on while the panel is open (the call starts); the server has the last word.
  const canSign = !['canceled', 'no_show', 'scheduled'].includes(record.appointmentStatus);

  const setDiagnoses = (next: ShownDiagnosis[]) => {
    setShown(next);
    change({ ...content, diagnoses: next.map((d) => ({ code: d.code, principal: d.principal })) });
  };
  // A restored local copy may name codes the server has not described yet: show them by code.
  const diagnoses: ShownDiagnosis[] = content.diagnoses.map(
    (d) =>
      shown.find((s) => s.code === d.code.replace('.', '').toUpperCase()) ?? {
        code: d.code,
        display: d.code,
        description: '',
        kind: 'subcategory',
        principal: d.principal,
      },
  );

  return (
    <div className="space-y-4">
      {draft.restored ? (
        <div role="alert" className="flex items-start gap-2 rounded-lg bg-info/10 px-3 py-2 text-sm">
          <span className="flex-1">{T.saving.restored}</span>
          <Button variant="ghost" size="sm" onClick={draft.dismissRestored} aria-label="Fechar aviso">
            <X aria-hidden />
          </Button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SaveStatus state={draft.state} savedAt={draft.savedAt} />
        {draft.state === 'conflict' ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              clearLocalCopy(id);
              void queryClient.resetQueries({ queryKey: recordQuery(id).queryKey });
            }}
          >
            {T.saving.reload}
          </Button>
        ) : null}
      </div>
      <p className="text-muted-foreground text-xs">{T.guidanceNote}</p>
      {FIELDS.map(([key, label, hint]) => (
        <FormField key={key} label={label} hint={hint}>
          <Textarea
            name={key}
            rows={key === 'subjective' ? 4 : 3}
            maxLength={RECORD_FIELD_MAX_LENGTH}
            value={content[key]}
            onChange={(event) => change({ ...content, [key]: event.target.value })}
          />
        </FormField>
      ))}
      <fieldset className="space-y-2">
        <legend className="font-medium text-sm">{T.fields.diagnoses}</legend>
        {diagnoses.length === 0 ? (
          <p className="text-muted-foreground text-sm">{T.cid.none}</p>
        ) : (
          <ul className="space-y-1">
            {diagnoses.map((d) => (
              <li key={d.code} className="flex items-center gap-2 rounded-lg border px-2 py-1 text-sm">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-pressed={d.principal}
                  aria-label={T.cid.makePrincipal(d.display)}
                  title={T.cid.principal}
                  onClick={() =>
                    setDiagnoses(
                      diagnoses.map((x) => ({ ...x, principal: x.code === d.code && !d.principal })),
                    )
                  }
                >
                  <Star aria-hidden className={cn('size-4', d.principal && 'fill-current text-primary')} />
                </Button>
                <span className="font-mono font-semibold">{d.display}</span>
                <span className="min-w-0 flex-1 break-words">{d.description}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={T.cid.remove(d.display)}
                  onClick={() => setDiagnoses(diagnoses.filter((x) => x.code !== d.code))}
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Cid10Combobox
          onChoose={(code) => {
            if (diagnoses.some((d) => d.code === code.code)) {
              toast.info(T.cid.already);
              return;
            }
            setDiagnoses([...diagnoses, { ...code, principal: diagnoses.length === 0 }]);
          }}
        />
      </fieldset>
      <div className="flex flex-wrap gap-2 border-t pt-4">
        <Button disabled={!canSign || draft.state === 'conflict'} onClick={() => setSignOpen(true)}>
          <Lock aria-hidden />
          {T.sign.open}
        </Button>
      </div>
      <SignatureDialog
        open={signOpen}
        onOpenChange={setSignOpen}
        title={T.sign.title}
        description={T.sign.description}
        submitLabel={T.sign.submit}
        errorTitle={T.sign.error}
        onSign={async (credentials) => {
          // What is signed is what the doctor sees: everything typed is saved first.
          let saved = await draft.flush();
          // A save on its way finishes first (a few tenths of a second at most).
          for (let i = 0; !saved && i < 30; i++) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            saved = await draft.flush();
          }
          if (!saved) throw new Error(T.sign.waitSave);
          const signed = await signRecord(id, { revision: draft.revision(), ...credentials });
          clearLocalCopy(id);
          queryClient.setQueryData(recordQuery(id).queryKey, signed);
          void queryClient.invalidateQueries({ queryKey: ['records', 'pending'] });
          toast.success(T.sign.done);
        }}
      />
    </div>
  );
}

function SignedRecord({ record, zone }: { record: ClinicalRecord; zone: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const add = useAddAddendum(record.appointmentId);
  return (
    <div className="space-y-4">
      <p
        className="flex items-center gap-2 rounded-lg bg-success/10 px-3 py-2 text-sm"
        data-testid="record-signed"
      >
        <Lock aria-hidden className="size-4 text-success" />
        {record.signedAt ? T.sign.signedAt(whenIn(record.signedAt, zone)) : null}
      </p>
      <RecordContentView content={record.content} diagnoses={record.diagnoses} />
      <p className="break-all text-muted-foreground text-xs">
        {T.sign.hash}: <span className="font-mono">{record.contentHash}</span>
      </p>
      <AddendaView addenda={record.addenda} zone={zone} />
      <Button variant="outline" onClick={() => setOpen(true)}>
        <PenLine aria-hidden />
        {T.addendum.open}
      </Button>
      <SignatureDialog
        open={open}
        onOpenChange={setOpen}
        title={T.addendum.dialogTitle}
        description={T.addendum.dialogDescription}
        submitLabel={T.addendum.submit}
        errorTitle={T.addendum.error}
        onSign={async (credentials) => {
          await add.mutateAsync({ text, ...credentials });
          setText('');
          toast.success(T.addendum.done);
        }}
      >
        <FormField label={T.addendum.label}>
          <Textarea name="addendum" rows={4} value={text} onChange={(e) => setText(e.target.value)} />
        </FormField>
      </SignatureDialog>
    </div>
  );
}
