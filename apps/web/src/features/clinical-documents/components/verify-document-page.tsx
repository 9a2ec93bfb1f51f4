import { formatDate } from '@pulsa/shared/format/date';
import {
  type DocumentCheckResult,
  normalizeVerificationCode,
  VERIFY_UPLOAD_MAX_BYTES,
} from '@pulsa/shared/schemas/clinical-documents';
import { CircleAlert, CircleCheck, FileUp, ShieldCheck, ShieldX } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { checkDocumentFile, useVerification } from '../api/documents';
import { DOCUMENTS_TEXT } from '../texts';
import { when } from './document-row';

const T = DOCUMENTS_TEXT.verify;

/**
 * /verificar/:codigo: anyone with the code (a pharmacist, an employer) sees what the document is,
 * who issued it and when, whether it was revoked, the patient's initials — never its content — and
 * may drop the PDF to check it is the very file issued.
 */
export function VerifyDocumentPage({ code }: { code: string }) {
  const normalized = normalizeVerificationCode(code) ?? '';
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-10">
      <header className="space-y-2">
        <h1 className="font-bold text-2xl tracking-tight">{T.title}</h1>
        <p className="text-muted-foreground">{T.intro}</p>
      </header>
      <CodeForm initial={normalized || code} />
      {code ? normalized ? <Verification code={normalized} /> : <NotFound /> : null}
    </div>
  );
}

function CodeForm({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        const code = normalizeVerificationCode(value);
        if (!code) {
          setError(DOCUMENTS_TEXT.verify.notFound);
          return;
        }
        setError(undefined);
        navigate(paths.verifyDocument.href(code));
      }}
    >
      <FormField label={T.codeLabel} error={error} className="flex-1">
        <Input
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={T.codePlaceholder}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono uppercase"
          maxLength={20}
        />
      </FormField>
      <Button type="submit">{T.lookup}</Button>
    </form>
  );
}

function NotFound() {
  return (
    <Card role="status">
      <CardContent className="flex items-start gap-3 pt-6">
        <CircleAlert aria-hidden className="size-5 shrink-0 text-destructive" />
        <p>{T.notFound}</p>
      </CardContent>
    </Card>
  );
}

function Verification({ code }: { code: string }) {
  const verification = useVerification(code);
  if (verification.isPending) return <Skeleton className="h-48 w-full" />;
  if (verification.error) {
    if (verification.error instanceof ApiError && verification.error.status === 404) return <NotFound />;
    return (
      <Card role="alert">
        <CardContent className="pt-6">{verification.error.message || T.loadError}</CardContent>
      </Card>
    );
  }
  const doc = verification.data;
  const revoked = !!doc.revokedAt;
  const pending = doc.signer === 'pending';
  const signature = doc.signature;
  const rows: Array<[string, string]> = [
    [T.type, doc.typeLabel],
    [T.issuedAt, when(doc.issuedAt)],
    [T.doctor, `${doc.doctorName} — CRM ${doc.doctorCrm}`],
    [T.patient, doc.patientInitials],
    ...(signature
      ? ([
          [T.signedBy, signature.holder],
          [T.signerCpf, signature.cpfMasked ?? '—'],
          [T.issuer, signature.issuer],
          [
            T.certificateValidity,
            (signature.validAtSigning ? T.validAtSigning : T.notValidAtSigning)(
              formatDate(signature.validFrom),
              formatDate(signature.validUntil),
            ),
          ],
          [T.chain, signature.chainLabel],
          [T.signedAt, when(signature.signedAt)],
        ] as Array<[string, string]>)
      : [[T.signature, pending ? T.pendingSeal : T.platformSeal] as [string, string]]),
  ];
  const bad = revoked || pending;
  return (
    <>
      <Card data-testid="verification-result" className={cn(bad ? 'border-destructive' : 'border-success')}>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            {bad ? (
              <ShieldX aria-hidden className="size-6 text-destructive" />
            ) : (
              <ShieldCheck aria-hidden className="size-6 text-success" />
            )}
            {revoked ? T.revoked : pending ? T.pending : T.valid}
          </CardTitle>
          {revoked && doc.revokedAt ? (
            <CardDescription className="text-destructive">{T.revokedOn(when(doc.revokedAt))}</CardDescription>
          ) : pending ? (
            <CardDescription className="text-destructive">{T.pendingText}</CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground text-sm">{label}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-muted-foreground text-xs">{T.noContent}</p>
        </CardContent>
      </Card>
      <FileCheck code={code} />
      <p className="text-muted-foreground text-sm">{T.iti}</p>
    </>
  );
}

/** The pharmacist's file: its own signature checked and its SHA-256 compared on the server (decisions 086, 122); never kept. */
function FileCheck({ code }: { code: string }) {
  const inputId = useId();
  const [result, setResult] = useState<DocumentCheckResult | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const check = async (file: File | undefined) => {
    setResult(null);
    if (!file) return;
    if (
      file.size > VERIFY_UPLOAD_MAX_BYTES ||
      !(file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf'))
    ) {
      setError(T.onlyPdf);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      setResult(await checkDocumentFile(code, file));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : T.loadError);
    } finally {
      setBusy(false);
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void check(event.dataTransfer.files[0]);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.checkTitle}</CardTitle>
        <CardDescription>{T.checkIntro}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-8 text-center text-sm transition-colors',
            over ? 'border-primary bg-primary/5' : 'border-border hover:bg-muted/50',
          )}
        >
          <FileUp aria-hidden className="size-8 text-muted-foreground" />
          <span>{busy ? T.checking : T.drop}</span>
          <input
            id={inputId}
            type="file"
            accept="application/pdf,.pdf"
            className="sr-only"
            data-testid="verify-file"
            onChange={(event) => void check(event.target.files?.[0])}
          />
        </label>
        {error ? <p className="text-destructive text-sm">{error}</p> : null}
        {result ? (
          <div
            role="status"
            data-testid="verify-file-result"
            className={cn(
              'flex items-start gap-2 rounded-lg p-3 text-sm',
              result.matches && result.signatureValid && !result.revoked
                ? 'bg-success/15'
                : 'bg-destructive/15',
            )}
          >
            {result.matches && result.signatureValid && !result.revoked ? (
              <CircleCheck aria-hidden className="size-5 shrink-0 text-success" />
            ) : (
              <CircleAlert aria-hidden className="size-5 shrink-0 text-destructive" />
            )}
            <p>{result.message}</p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
