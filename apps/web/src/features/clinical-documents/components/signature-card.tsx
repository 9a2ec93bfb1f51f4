import { formatDate } from '@pulsa/shared/format/date';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { showApiError } from '@/lib/api-errors';
import { useSignatureStatus, useStartSigningSession, useUnlinkSignature } from '../api/signature';
import { SIGNATURE_TEXT as S } from '../signature-texts';
import { when } from './document-row';

/**
 * The doctor's "Assinatura digital" on their profile (decision 121): which PSC holds their
 * certificate, the certificate it gave, the signing session and a way to unlink. The PSC's
 * redirect lands here with ?assinatura=ativa|erro|cancelada.
 */
export function SignatureCard() {
  const status = useSignatureStatus();
  const start = useStartSigningSession();
  const unlink = useUnlinkSignature();
  const [params, setParams] = useSearchParams();
  const selectId = useId();
  const [provider, setProvider] = useState('');
  const outcome = params.get('assinatura');
  const reason = params.get('motivo');
  useEffect(() => {
    if (!outcome) return;
    if (outcome === 'ativa') toast.success(S.activated);
    else if (outcome === 'cancelada') toast.info(S.canceled);
    else toast.error(S.failed(reason ?? ''));
    setParams({}, { replace: true });
  }, [outcome, reason, setParams]);

  const data = status.data;
  const link = data?.link ?? null;
  const chosen = provider || link?.provider || data?.providers[0]?.id || '';
  const open = () =>
    start.mutate(chosen, { onError: (error) => showApiError(error, { title: S.startError }) });
  return (
    <Card id="assinatura" data-testid="signature-card">
      <CardHeader>
        <CardTitle>{S.title}</CardTitle>
        <CardDescription>{S.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {status.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : status.isError || !data ? (
          <div role="alert" className="space-y-2 text-sm">
            <p>{status.error?.message || S.loadError}</p>
            <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
              Tentar de novo
            </Button>
          </div>
        ) : (
          <>
            {data.pendingDocuments > 0 ? (
              <p className="rounded-md bg-warning/10 p-3 text-sm" role="status">
                {S.pending(data.pendingDocuments)}
              </p>
            ) : null}
            {link ? (
              <dl className="grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
                <dt className="text-muted-foreground">{S.provider}</dt>
                <dd className="font-medium">{link.providerName}</dd>
                <dt className="text-muted-foreground">{S.holder}</dt>
                <dd className="font-medium">{link.holder}</dd>
                <dt className="text-muted-foreground">{S.cpf}</dt>
                <dd className="font-medium">{link.cpfMasked ?? '—'}</dd>
                <dt className="text-muted-foreground">{S.issuer}</dt>
                <dd className="font-medium">{link.issuer}</dd>
                <dt className="text-muted-foreground">{S.validUntil}</dt>
                <dd className="font-medium">{formatDate(link.certificateValidUntil)}</dd>
                <dt className="text-muted-foreground">{S.chain}</dt>
                <dd>
                  <Badge tone={link.chain === 'icp_brasil' ? 'success' : 'warning'}>{link.chainLabel}</Badge>
                </dd>
                <dt className="text-muted-foreground">{S.session}</dt>
                <dd className="font-medium" data-testid="signature-session">
                  {link.sessionActive && link.sessionExpiresAt
                    ? S.sessionUntil(when(link.sessionExpiresAt))
                    : S.sessionClosed}
                </dd>
              </dl>
            ) : null}
            {data.providers.length === 0 ? (
              <p className="text-muted-foreground text-sm">{S.noProviders}</p>
            ) : (
              <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
                <label className="flex flex-1 flex-col gap-1.5 text-sm" htmlFor={selectId}>
                  <span className="font-medium">{S.provider}</span>
                  <select
                    id={selectId}
                    className="h-10 rounded-md border border-input bg-background px-3"
                    value={chosen}
                    onChange={(event) => setProvider(event.target.value)}
                  >
                    {data.providers.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.test ? `${p.name} (${S.testProvider})` : p.name}
                      </option>
                    ))}
                  </select>
                </label>
                <Button onClick={open} disabled={start.isPending || !chosen}>
                  {start.isPending ? S.opening : link ? S.renew : S.link}
                </Button>
                {link ? (
                  <Button
                    variant="outline"
                    disabled={unlink.isPending}
                    onClick={() =>
                      unlink.mutate(undefined, {
                        onSuccess: () => toast.success(S.unlinked),
                        onError: (error) => showApiError(error, { title: S.unlinkError }),
                      })
                    }
                  >
                    {S.unlink}
                  </Button>
                ) : null}
              </div>
            )}
            <p className="text-muted-foreground text-xs">{S.tokensNote}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
