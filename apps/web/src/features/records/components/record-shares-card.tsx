import { useQuery } from '@tanstack/react-query';
import { ListLoadError } from '@/components/layout/list-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { dateIn, viewerTimeZone } from '@/lib/zoned-time';
import { recordSharesQuery, useShareToggle } from '../api/records';
import { RECORD_TEXT } from '../texts';

const T = RECORD_TEXT.shares;

/** The patient's per-doctor consent to show the records other doctors wrote (granted and revoked here). */
export function RecordSharesCard() {
  const shares = useQuery(recordSharesQuery);
  const toggle = useShareToggle();
  const zone = viewerTimeZone();
  return (
    <Card className="max-w-2xl" data-testid="record-shares">
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {shares.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : shares.isError ? (
          <ListLoadError
            message={T.loadError}
            actionLabel={RECORD_TEXT.retry}
            onRetry={() => void shares.refetch()}
          />
        ) : shares.data.items.length === 0 ? (
          <p className="text-sm">{T.none}</p>
        ) : (
          <ul className="divide-y">
            {shares.data.items.map((d) => {
              const id = `share-${d.doctorId}`;
              return (
                <li key={d.doctorId} className="flex items-center justify-between gap-4 py-3">
                  <div className="min-w-0">
                    <label htmlFor={id} className="font-medium">
                      {d.doctorName}
                    </label>
                    <p className="text-muted-foreground text-sm">
                      {[d.specialty, d.sharedAt ? T.sharedSince(dateIn(d.sharedAt, zone)) : T.notShared]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  <Switch
                    id={id}
                    checked={!!d.sharedAt}
                    disabled={toggle.isPending}
                    onCheckedChange={(share) => toggle.mutate({ doctorId: d.doctorId, share })}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
