import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { ListLoadError } from '@/components/layout/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useLiveEvent, useLiveReconnected } from '@/lib/live/live-provider';
import { viewerTimeZone } from '@/lib/zoned-time';
import { pendingRecordsQuery } from '../api/records';
import { RECORD_TEXT } from '../texts';
import { whenIn } from './record-parts';

const T = RECORD_TEXT.pending;

/** The doctor's to-do: completed consultations whose record is not signed yet. Shown only when there is one. */
export function PendingRecordsCard() {
  const queryClient = useQueryClient();
  const pending = useQuery(pendingRecordsQuery);
  // A consultation completed elsewhere (the room, the closing job) or a record signed in another
  // window: the list follows through the live connection, and after a reconnection.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: pendingRecordsQuery.queryKey });
  useLiveEvent('appointment.changed', refresh);
  useLiveReconnected(refresh);
  const items = pending.data?.items ?? [];
  if (pending.isError && !pending.data)
    return (
      <ListLoadError message={T.loadError} actionLabel={T.retry} onRetry={() => void pending.refetch()} />
    );
  if (items.length === 0) return null;
  const zone = viewerTimeZone();
  return (
    <Card data-testid="pending-records">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardList aria-hidden className="size-5 text-primary" />
          {T.title}
          <Badge tone="warning">{items.length}</Badge>
        </CardTitle>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {items.map((item) => (
            <li key={item.appointmentId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div>
                <p className="font-medium">{item.patientName}</p>
                <p className="text-muted-foreground text-sm">
                  {whenIn(item.startsAt, zone)} · {item.hasDraft ? T.draft : T.notStarted}
                </p>
              </div>
              <Button asChild size="sm" variant="outline">
                <Link to={paths.doctor.consultationRecord.href(item.appointmentId)}>{T.open}</Link>
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
