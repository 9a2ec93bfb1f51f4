import {
  SPECIALTY_CSV_EXAMPLE,
  SPECIALTY_LIMITS,
  type SpecialtyCsvInput,
  type SpecialtyCsvPreview,
  type SpecialtyCsvRow,
} from '@pulsa/shared/schemas/specialties-admin';
import { Download, FileUp, Info, ListPlus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import type { Section } from '@/config/sections';
import { showApiError } from '@/lib/api-errors';
import {
  fileToCsvInput,
  useBuiltInStatus,
  useImportCsv,
  useLoadBuiltIn,
  usePreviewCsv,
} from '../api/specialties-admin';
import { IMPORT_TEXT } from '../texts';

const T = IMPORT_TEXT;
const TONE = { create: 'success', update: 'info', unchanged: 'neutral', error: 'danger' } as const;

/**
 * /admin/import-specialties: the spec's one-time button that loads the built-in list into an empty
 * catalogue, and beyond it the CSV import with a preview of what will be created and updated.
 */
export function ImportSpecialtiesPage({ section }: { section: Section }) {
  return (
    <>
      <PageHeader
        title={section.title}
        description={section.description}
        actions={
          <Button variant="outline" asChild>
            <Link to={paths.admin.specialties.href()}>
              <ListPlus aria-hidden />
              {T.specialtiesLink}
            </Link>
          </Button>
        }
      />
      <div className="space-y-6">
        <BuiltInCard />
        <CsvImportCard />
      </div>
    </>
  );
}

function BuiltInCard() {
  const status = useBuiltInStatus();
  const load = useLoadBuiltIn();
  const builtIn = status.data?.builtIn ?? 51;
  const existing = status.data?.existing ?? 0;

  const run = () =>
    load.mutate(undefined, {
      onSuccess: (result) => toast.success(T.builtIn.done(result.created)),
      // The spec's toast: the reason in its title.
      onError: (error) => toast.error(T.builtIn.error(error.message)),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.builtIn.title}</CardTitle>
        <CardDescription>{T.builtIn.body(builtIn)}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {existing > 0 ? (
          <p
            className="flex items-start gap-2 rounded-lg border border-info/40 bg-info/10 p-3 text-sm"
            role="status"
          >
            <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-info" />
            <span>
              {T.builtIn.existing(existing)} {T.builtIn.freshInstall}
            </span>
          </p>
        ) : null}
        <Button onClick={run} disabled={!status.data?.canLoad} loading={load.isPending}>
          {load.isPending ? null : <ListPlus aria-hidden />}
          {T.builtIn.button(builtIn)}
        </Button>
      </CardContent>
    </Card>
  );
}

function downloadExample() {
  // The BOM makes Excel read the accents as UTF-8.
  const blob = new Blob([`\uFEFF${SPECIALTY_CSV_EXAMPLE}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = T.csv.exampleFile;
  a.click();
  URL.revokeObjectURL(url);
}

function CsvImportCard() {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [input, setInput] = useState<SpecialtyCsvInput | null>(null);
  const preview = usePreviewCsv();
  const importCsv = useImportCsv();
  const plan = preview.data;

  const reset = () => {
    setInput(null);
    preview.reset();
    if (fileInput.current) fileInput.current.value = '';
  };

  const choose = async (file: File | undefined) => {
    preview.reset();
    if (!file) return setInput(null);
    if (file.size > SPECIALTY_LIMITS.csvBytes) {
      setInput(null);
      toast.error(T.csv.previewError, {
        description: `O arquivo deve ter no máximo ${SPECIALTY_LIMITS.csvBytes / 1024} KB`,
      });
      return;
    }
    const read = await fileToCsvInput(file);
    setInput(read);
    preview.mutate(read, { onError: (error) => showApiError(error, { title: T.csv.previewError }) });
  };

  const apply = () => {
    if (!input) return;
    importCsv.mutate(input, {
      onSuccess: (result) => {
        toast.success(T.csv.imported(result.created, result.updated));
        reset();
      },
      onError: (error) => showApiError(error, { title: T.csv.importError }),
    });
  };

  const changes = plan ? plan.summary.create + plan.summary.update : 0;
  const canImport = !!plan && plan.fileErrors.length === 0 && plan.summary.errors === 0 && changes > 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.csv.title}</CardTitle>
        <CardDescription>{T.csv.body}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="space-y-2 rounded-lg border border-border bg-muted/40 p-4 text-sm">
          <p className="font-medium">{T.csv.formatTitle}</p>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            {T.csv.formatItems.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <ScrollRegion label={T.csv.exampleLabel} className="rounded-md bg-background">
            <pre className="p-3 font-mono text-xs">{SPECIALTY_CSV_EXAMPLE.trim()}</pre>
          </ScrollRegion>
          <Button variant="outline" size="sm" onClick={downloadExample}>
            <Download aria-hidden />
            {T.csv.example}
          </Button>
        </div>

        <div className="space-y-2">
          <Label htmlFor={inputId}>{T.csv.choose}</Label>
          <input
            ref={fileInput}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="block w-full max-w-md text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5 file:font-medium file:text-sm"
            onChange={(event) => void choose(event.target.files?.[0])}
            aria-describedby={`${inputId}-hint`}
          />
          <p id={`${inputId}-hint`} className="text-muted-foreground text-xs">
            {T.csv.chooseHint}
          </p>
        </div>

        {preview.isPending ? <p className="text-muted-foreground text-sm">Carregando...</p> : null}
        {plan ? <PreviewResult plan={plan} /> : null}

        {plan ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={apply} disabled={!canImport} loading={importCsv.isPending}>
              {importCsv.isPending ? null : <FileUp aria-hidden />}
              {T.csv.import}
            </Button>
            <Button variant="outline" onClick={reset} disabled={importCsv.isPending}>
              {T.csv.clear}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PreviewResult({ plan }: { plan: SpecialtyCsvPreview }) {
  if (plan.fileErrors.length)
    return (
      <div role="alert" className="rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm">
        {plan.fileErrors.map((e) => (
          <p key={e}>{e}</p>
        ))}
      </div>
    );
  const s = plan.summary;
  return (
    <section aria-label={T.csv.tableLabel} className="space-y-3">
      <div className="flex flex-wrap items-center gap-2" aria-live="polite">
        <Badge tone="success">{T.csv.summary.create(s.create)}</Badge>
        <Badge tone="info">{T.csv.summary.update(s.update)}</Badge>
        <Badge tone="neutral">{T.csv.summary.unchanged(s.unchanged)}</Badge>
        {s.errors ? <Badge tone="danger">{T.csv.summary.errors(s.errors)}</Badge> : null}
        {plan.encoding && plan.delimiter ? (
          <span className="text-muted-foreground text-xs">
            {T.csv.readAs(
              T.csv.encoding[plan.encoding] ?? plan.encoding,
              T.csv.delimiter[plan.delimiter] ?? plan.delimiter,
            )}
          </span>
        ) : null}
      </div>
      {s.errors ? (
        <p role="alert" className="text-destructive text-sm">
          {T.csv.fixFirst}
        </p>
      ) : s.create + s.update === 0 ? (
        <p className="text-muted-foreground text-sm">{T.csv.nothing}</p>
      ) : null}
      <ScrollRegion
        label={T.csv.tableLabel}
        className="max-h-[28rem] overflow-auto rounded-xl border border-border bg-card"
      >
        <Table aria-label={T.csv.tableLabel}>
          <TableHeader>
            <TableRow>
              <TableHead className="w-16">{T.csv.columns.line}</TableHead>
              <TableHead>{T.csv.columns.name}</TableHead>
              <TableHead>{T.csv.columns.action}</TableHead>
              <TableHead>{T.csv.columns.details}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {plan.rows.map((row) => (
              <TableRow key={row.line}>
                <TableCell className="tabular-nums">{row.line}</TableCell>
                <TableCell className="font-medium">{row.name || '—'}</TableCell>
                <TableCell>
                  <Badge tone={TONE[row.action]}>{T.csv.actions[row.action]}</Badge>
                </TableCell>
                <TableCell className="text-sm">
                  <RowDetails row={row} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </section>
  );
}

function RowDetails({ row }: { row: SpecialtyCsvRow }) {
  if (row.action === 'error')
    return (
      <ul className="space-y-0.5 text-destructive">
        {row.errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    );
  if (row.action === 'create')
    return <span className="text-muted-foreground">{T.csv.newSlug(row.slug)}</span>;
  return (
    <span className="text-muted-foreground">
      {row.matchedName && row.matchedName !== row.name ? `${T.csv.matched(row.matchedName)}. ` : ''}
      {row.changes.length ? T.csv.changed(row.changes.map((c) => T.csv.changes[c] ?? c).join(', ')) : null}
    </span>
  );
}
