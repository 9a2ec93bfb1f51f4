import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { CalendarX2, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListLoadError } from '@/components/layout/list-states';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AppointmentStatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { SECTIONS } from '@/config/sections';
import { ConsentNotice } from '@/features/consultation';
import { OnDemandEntry } from '@/features/on-demand';
import { usePageTitle } from '@/lib/page-title';
import { firstName } from '@/lib/person';
import type { TableState } from '@/lib/table-state';
import { useSession } from '@/lib/use-session';
import { usePatientAppointments } from '../api/get-patient-appointments';
import { APPOINTMENTS_TEXT } from '../texts';
import { consultationTime, dateIn, viewerTimeZone } from '../when';
import { useConsultationDialogs } from './consultation-dialogs';
import { EmptyWithAction } from './empty-with-action';
import { PatientConsultationCard } from './patient-consultation-card';
import { BookLink } from './patient-consultations-page';

const T = APPOINTMENTS_TEXT.dashboard;
/** The spec's recent lists hold 5 items; one page of 10 also feeds the recent doctors. */
const RECENT = 5;
const FIRST_PAGE: TableState = { page: 1, pageSize: 10, q: '', order: 'asc' };

interface RecentDoctor {
  id: string;
  name: string;
  specialty: string | null;
  slug: string | null;
  lastVisit: string;
}

/** Doctors of the consultations actually held, most recent first, each once. */
export function recentDoctors(past: AppointmentDto[]): RecentDoctor[] {
  const seen = new Map<string, RecentDoctor>();
  for (const a of past) {
    if (a.status !== 'completed' || seen.has(a.doctor.doctorId)) continue;
    seen.set(a.doctor.doctorId, {
      id: a.doctor.doctorId,
      name: a.doctor.name,
      specialty: a.doctor.specialty,
      slug: a.doctor.slug,
      lastVisit: a.startsAt,
    });
  }
  return [...seen.values()].slice(0, RECENT);
}

function Section({
  id,
  title,
  children,
  aside,
}: {
  id: string;
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="font-medium text-lg">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function SeeAll({ past }: { past?: boolean }) {
  return (
    <Button asChild variant="link" size="sm" className="px-0">
      <Link to={`${paths.patient.consultations.href()}${past ? '?scope=past' : ''}`}>
        {T.seeAll}
        <ChevronRight aria-hidden />
      </Link>
    </Button>
  );
}

function Placeholder() {
  return <Skeleton className="h-24 w-full rounded-xl" />;
}

/** A consultation in one line: doctor, when, status. */
function ConsultationRows({ items, zone, empty }: { items: AppointmentDto[]; zone: string; empty: string }) {
  if (items.length === 0) {
    return (
      <Card>
        <CardContent className="p-4 text-muted-foreground text-sm">{empty}</CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <ul className="divide-y divide-border">
        {items.map((a) => {
          const time = consultationTime(a, zone);
          return (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 p-4">
              <div className="min-w-0">
                <p className="truncate font-medium">{a.doctor.name}</p>
                <p className="text-muted-foreground text-sm tabular-nums">
                  {time.date} · {time.range}
                </p>
                {a.actions.includes('pay') ? (
                  <Link
                    to={paths.patient.checkout.href(a.id)}
                    className="font-medium text-primary text-sm underline-offset-4 hover:underline"
                  >
                    {APPOINTMENTS_TEXT.patient.actions.pay}
                  </Link>
                ) : a.status === 'scheduled' && a.holdExpiresAt === null ? (
                  <p className="text-muted-foreground text-xs">
                    {APPOINTMENTS_TEXT.patient.awaitingDoctorNoDeadline}
                  </p>
                ) : null}
              </div>
              <AppointmentStatusBadge status={a.status} />
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** /patient: the next consultation, the others scheduled, the history and recent doctors, all from real data. */
export function PatientDashboard() {
  const { user } = useSession();
  usePageTitle(SECTIONS.patient.dashboard.title);
  const zone = viewerTimeZone();
  const upcoming = usePatientAppointments('upcoming', FIRST_PAGE);
  const past = usePatientAppointments('past', FIRST_PAGE);
  const { openDialog, dialogs } = useConsultationDialogs();

  const next = upcoming.data?.items[0];
  const scheduled = upcoming.data?.items.slice(1, 1 + RECENT) ?? [];
  const history = past.data?.items.slice(0, RECENT) ?? [];
  const doctors = recentDoctors(past.data?.items ?? []);
  const retry = (query: typeof upcoming) => (
    <ListLoadError
      message={T.loadErrorText}
      actionLabel={APPOINTMENTS_TEXT.common.retry}
      onRetry={() => void query.refetch()}
    />
  );

  return (
    <div className="space-y-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-2">
          {user ? (
            <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">
              {T.greeting(firstName(user.name, user.email))}
            </h1>
          ) : (
            <Skeleton className="h-9 w-48" />
          )}
          <p className="text-muted-foreground">{T.intro}</p>
        </div>
        <BookLink />
      </header>

      <OnDemandEntry />
      <ConsentNotice upcoming={upcoming.data?.items} />

      <div className="grid grid-cols-1 gap-8 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-8">
          <Section id="proxima-consulta" title={T.next}>
            {upcoming.isPending ? (
              <Placeholder />
            ) : upcoming.isError && !upcoming.data ? (
              retry(upcoming)
            ) : next ? (
              <PatientConsultationCard
                appointment={next}
                zone={zone}
                onAction={openDialog}
                headingLevel="h3"
              />
            ) : (
              <EmptyWithAction icon={CalendarX2} title={T.noNext} hint={T.noNextHint} action={<BookLink />} />
            )}
          </Section>

          {next ? (
            <Section id="consultas-agendadas" title={T.scheduled} aside={<SeeAll />}>
              <ConsultationRows items={scheduled} zone={zone} empty={T.noScheduled} />
            </Section>
          ) : null}

          <Section id="historico" title={T.history} aside={history.length ? <SeeAll past /> : null}>
            {past.isPending ? (
              <Placeholder />
            ) : past.isError && !past.data ? (
              retry(past)
            ) : (
              <ConsultationRows items={history} zone={zone} empty={T.noHistory} />
            )}
          </Section>
        </div>

        <Section id="medicos-recentes" title={T.doctors}>
          {past.isPending ? (
            <Placeholder />
          ) : doctors.length === 0 ? (
            <Card>
              <CardContent className="p-4 text-muted-foreground text-sm">{T.noDoctors}</CardContent>
            </Card>
          ) : (
            <Card>
              <ul className="divide-y divide-border">
                {doctors.map((d) => (
                  <li key={d.id} className="flex items-center gap-3 p-4">
                    <UserAvatar name={d.name} />
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium">{d.name}</p>
                      {d.specialty ? <p className="text-muted-foreground text-sm">{d.specialty}</p> : null}
                      <p className="text-muted-foreground text-xs">
                        {T.lastVisit(dateIn(d.lastVisit, zone))}
                      </p>
                    </div>
                    {d.slug ? (
                      // The public profile is a page the server renders: a full page load (decision 005).
                      <Button asChild variant="outline" size="sm">
                        <a href={paths.doctorProfile.href(d.slug)} aria-label={T.profileOf(d.name)}>
                          {T.profile}
                        </a>
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </Section>
      </div>
      {dialogs}
    </div>
  );
}
