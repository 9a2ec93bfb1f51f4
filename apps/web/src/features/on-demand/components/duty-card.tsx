import type { Duty } from '@pulsa/shared/schemas/on-demand';
import { Captions, FileText, Siren, Users, Video } from 'lucide-react';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { fileSizeLabel } from '@/lib/file-upload';
import { clockIn, viewerTimeZone } from '@/lib/zoned-time';
import { useCallNext, useDuty, useSetDuty } from '../api/duty';
import { consultationFilePath } from '../api/keys';
import { ON_DEMAND_TEXT } from '../texts';

const T = ON_DEMAND_TEXT.duty;

/**
 * The on-demand patient the doctor holds now: who, what they feel, the photos and exams they sent
 * while waiting (each opens in a new tab, to read before joining), and the way into the room.
 */
function CurrentPatient({ current }: { current: NonNullable<Duty['current']> }) {
  const zone = viewerTimeZone();
  return (
    <div className="space-y-2 rounded-lg border border-primary/40 bg-primary/5 p-4">
      <h3 className="font-medium text-sm">{T.current}</h3>
      <p className="font-semibold">{current.patientName}</p>
      <p className="text-muted-foreground text-xs">{T.calledAt(clockIn(current.calledAt, zone))}</p>
      <div>
        <p className="text-muted-foreground text-xs">{T.complaint}</p>
        <p className="whitespace-pre-line text-sm">{current.complaint}</p>
      </div>
      {current.captionsRequested ? (
        <Badge tone="info">
          <Captions aria-hidden />
          {T.captions}
        </Badge>
      ) : null}
      {current.files.length > 0 ? (
        <div>
          <p className="text-muted-foreground text-xs">{T.files}</p>
          <ul className="mt-1 space-y-1">
            {current.files.map((file) => (
              <li key={file.id} className="flex items-start gap-2 text-sm">
                <FileText aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                <a
                  href={consultationFilePath(current.appointmentId, file.id)}
                  target="_blank"
                  rel="noopener"
                  className="min-w-0 break-all font-medium text-primary underline underline-offset-2"
                >
                  {file.name} <span className="sr-only">{T.newTab}</span>
                </a>
                <span className="shrink-0 text-muted-foreground tabular-nums">
                  ({fileSizeLabel(file.size)})
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <Button asChild size="sm">
          <Link to={paths.consultation.href(current.appointmentId)}>
            <Video aria-hidden />
            {T.open}
          </Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * The doctor dashboard's "Plantão": going on and off duty for the specialty's queue, how many wait
 * and how many colleagues are on duty (live), "Chamar próximo" (into the room), and the patient
 * held now. Nothing at all for a specialty without on-demand care.
 */
export function DutyCard() {
  const titleId = useId();
  const navigate = useNavigate();
  const duty = useDuty();
  const setDuty = useSetDuty();
  const callNext = useCallNext();
  const data = duty.data;

  if (duty.isError && !data) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-8 text-center" role="alert">
          <p className="font-medium">{T.loadError}</p>
          <Button variant="outline" onClick={() => void duty.refetch()}>
            {ON_DEMAND_TEXT.retry}
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (!data || (!data.offered && !data.onDuty && !data.current)) return null;

  const zone = viewerTimeZone();
  const holding = data.current !== null;
  const canCall = data.onDuty && data.waiting > 0 && !holding;
  const failure = callNext.error ?? setDuty.error;
  const call = () => {
    setDuty.reset();
    callNext.mutate(undefined, {
      onSuccess: ({ appointmentId }) => void navigate(paths.consultation.href(appointmentId)),
    });
  };

  return (
    <Card role="region" aria-labelledby={titleId} className={data.onDuty ? 'border-success/60' : undefined}>
      <CardContent className="space-y-4 p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex items-start gap-2">
            <Siren aria-hidden className="mt-1 size-5 text-primary" />
            <div>
              <h2 id={titleId} className="font-semibold text-lg">
                {T.title}
              </h2>
              {data.specialtyName ? (
                <p className="text-muted-foreground text-sm">{T.subtitle(data.specialtyName)}</p>
              ) : null}
            </div>
          </div>
          {data.onDuty && data.onDutySince ? (
            <Badge tone="success">{T.onDutySince(clockIn(data.onDutySince, zone))}</Badge>
          ) : null}
        </div>

        {data.onDuty ? null : <p className="text-muted-foreground text-sm">{T.offDuty}</p>}

        <p
          className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm"
          aria-live="polite"
          aria-atomic="true"
        >
          <span className="flex items-center gap-1.5 font-semibold text-base">
            <Users aria-hidden className="size-4 text-primary" />
            {T.waiting(data.waiting)}
          </span>
          <span className="text-muted-foreground">{T.doctors(data.doctorsOnDuty)}</span>
        </p>

        {data.current ? <CurrentPatient current={data.current} /> : null}

        <div className="flex flex-wrap items-center gap-2">
          {data.onDuty ? (
            <Button onClick={call} loading={callNext.isPending} disabled={!canCall}>
              {callNext.isPending ? T.calling : T.callNext}
            </Button>
          ) : null}
          {data.offered || data.onDuty ? (
            <Button
              variant={data.onDuty ? 'outline' : 'default'}
              loading={setDuty.isPending}
              onClick={() => {
                callNext.reset();
                setDuty.mutate(!data.onDuty);
              }}
            >
              {data.onDuty ? T.leave : T.enter}
            </Button>
          ) : null}
        </div>
        {data.onDuty ? (
          <p className="text-muted-foreground text-xs">
            {holding ? T.holding : data.waiting === 0 ? T.nobody : T.callRule}
          </p>
        ) : null}
        {!data.offered ? <p className="text-muted-foreground text-xs">{T.notOffered}</p> : null}
        {failure ? (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
            {failure.message}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
