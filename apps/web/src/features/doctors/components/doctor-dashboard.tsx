import { formatBRL } from '@pulsa/shared/format/money';
import { roomWindow } from '@pulsa/shared/lifecycle/appointment-lifecycle';
import type { DoctorDashboard as Dashboard } from '@pulsa/shared/schemas/doctors';
import {
  CalendarCheck,
  ChevronRight,
  ClipboardList,
  Clock,
  ListChecks,
  Percent,
  TriangleAlert,
  Users,
  Video,
  Wallet,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link, Navigate } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { SECTIONS } from '@/config/sections';
import { DutyCard } from '@/features/on-demand';
import { PendingRecordsCard } from '@/features/records';
import { DoctorReviewsCard } from '@/features/reviews';
import { firstName } from '@/lib/person';
import { useSession } from '@/lib/use-session';
import { clockIn, slotLabel, viewerTimeZone } from '@/lib/zoned-time';
import { useDoctorDashboard } from '../api/get-dashboard';
import { useMyProfile } from '../api/get-my-profile';
import { DOCTORS_TEXT } from '../texts';

const T = DOCTORS_TEXT.dashboard;

function StatCard({
  icon,
  label,
  value,
  hint,
  to,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  hint: string;
  /** Makes the whole card a link (its name is the label and the value). */
  to?: string;
}) {
  const body = (
    <CardContent className="space-y-2 p-6">
      <div className="flex items-center justify-between text-muted-foreground">
        <p className="font-medium text-sm">{label}</p>
        {icon}
      </div>
      <p className="font-semibold text-3xl tabular-nums">{value}</p>
      <p className="flex items-center gap-1 text-muted-foreground text-xs">
        {hint}
        {to ? <ChevronRight aria-hidden className="size-3.5" /> : null}
      </p>
    </CardContent>
  );
  if (!to) return <Card>{body}</Card>;
  return (
    <Card className="transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <Link to={to} className="block rounded-xl focus-visible:outline-none">
        {body}
      </Link>
    </Card>
  );
}

function Stats({ stats }: { stats: Dashboard['stats'] }) {
  const occupancy = stats.occupancyRate === null ? '0%' : `${stats.occupancyRate.toLocaleString('pt-BR')}%`;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        icon={<CalendarCheck aria-hidden className="size-5" />}
        label={T.cards.today}
        value={String(stats.consultationsToday)}
        hint={T.hints.today}
        to={`${paths.doctor.appointments.href()}?view=agenda`}
      />
      <StatCard
        icon={<Users aria-hidden className="size-5" />}
        label={T.cards.patients}
        value={String(stats.totalPatients)}
        hint={T.hints.patients}
      />
      <StatCard
        icon={<Wallet aria-hidden className="size-5" />}
        label={T.cards.revenue}
        value={formatBRL(stats.monthlyRevenue)}
        hint={T.hints.revenue}
      />
      <StatCard
        icon={<Percent aria-hidden className="size-5" />}
        label={T.cards.occupancy}
        value={occupancy}
        hint={stats.occupancyRate === null ? T.hints.noHours : T.hints.occupancy}
      />
    </div>
  );
}

function PendingNotice({ dashboard }: { dashboard: Dashboard }) {
  return (
    <Card className="border-warning/60">
      <CardContent className="space-y-4 p-6">
        <div className="flex items-center gap-2">
          <Clock aria-hidden className="size-5 text-warning-text" />
          <h2 className="font-semibold text-lg">{T.pendingTitle}</h2>
        </div>
        <p className="text-muted-foreground">{T.pendingIntro}</p>
        <ul className="list-disc space-y-1 pl-5">
          {dashboard.missing.map((item) => (
            <li key={item}>{T.missing[item]}</li>
          ))}
        </ul>
        {dashboard.missing.some((m) => m !== 'review') ? (
          <Button asChild>
            <Link to={paths.doctor.profile.href()}>{T.goToProfile}</Link>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function RejectedNotice({ dashboard }: { dashboard: Dashboard }) {
  return (
    <Card className="border-destructive/50" role="alert">
      <CardContent className="space-y-4 p-6">
        <div className="flex items-center gap-2">
          <TriangleAlert aria-hidden className="size-5 text-destructive" />
          <h2 className="font-semibold text-lg">{T.rejectedTitle}</h2>
        </div>
        <p>{T.rejectedIntro}</p>
        {dashboard.rejectionReason ? (
          <p className="rounded-md bg-destructive/10 p-3 text-destructive-text">
            <span className="font-medium">{T.reason}:</span> {dashboard.rejectionReason}
          </p>
        ) : null}
        <p className="text-muted-foreground">{T.whatToDo}</p>
        {dashboard.missing.length ? (
          <ul className="list-disc space-y-1 pl-5">
            {dashboard.missing.map((item) => (
              <li key={item}>{T.missing[item]}</li>
            ))}
          </ul>
        ) : null}
        <Button asChild>
          <Link to={paths.doctor.profile.href()}>{T.goToProfile}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** A titled block of the dashboard, named by its heading for assistive technology. */
function Block({
  title,
  icon,
  children,
  action,
  className,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id} className={className}>
      <CardContent className="space-y-3 p-6">
        <div className="flex items-center gap-2">
          {icon}
          <h2 id={id} className="font-semibold text-lg">
            {title}
          </h2>
        </div>
        {children}
        {action}
      </CardContent>
    </Card>
  );
}

/** After approval, until patients can book and the doctor can be paid: what is left, each a link. */
function SetupChecklist({ setup }: { setup: Dashboard['setup'] }) {
  if (setup.length === 0) return null;
  const target = {
    agenda: paths.doctor.schedule.href(),
    payout: `${paths.doctor.profile.href()}#repasses`,
  } as const;
  return (
    <Block
      title={T.setup.title}
      icon={<ListChecks aria-hidden className="size-5 text-amber-600 dark:text-warning" />}
      className="border-warning/60"
    >
      <p className="text-muted-foreground text-sm">{T.setup.intro}</p>
      <ul className="space-y-2">
        {setup.map((item) => (
          <li key={item}>
            <Link
              to={target[item]}
              className="inline-flex items-center gap-1 font-medium text-primary text-sm underline-offset-4 hover:underline"
            >
              {T.setup.items[item]}
              <ChevronRight aria-hidden className="size-4" />
            </Link>
          </li>
        ))}
      </ul>
      {setup.includes('agenda') ? <p className="text-muted-foreground text-xs">{T.setup.hidden}</p> : null}
    </Block>
  );
}

function NextConsultation({ next }: { next: Dashboard['nextConsultation'] }) {
  const zone = viewerTimeZone();
  return (
    <Block title={T.next.title} icon={<Video aria-hidden className="size-5 text-primary" />}>
      {next ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="font-medium">{next.patientName}</p>
            <p className="text-muted-foreground text-sm">
              {slotLabel(next.startsAt, zone)}
              {next.status === 'in_progress' ? (
                <Badge tone="info" className="ml-2">
                  {T.next.inProgress}
                </Badge>
              ) : null}
            </p>
            {next.roomOpen ? null : (
              <p className="text-muted-foreground text-xs">
                {T.next.roomOpensAt(
                  clockIn(roomWindow(new Date(next.startsAt), new Date(next.endsAt)).opensAt, zone),
                )}
              </p>
            )}
          </div>
          {next.roomOpen ? (
            <Button asChild size="sm">
              <Link to={paths.consultation.href(next.id)}>{T.next.openRoom}</Link>
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">{T.next.none}</p>
      )}
    </Block>
  );
}

function PendingRequests({ pending }: { pending: Dashboard['pendingRequests'] }) {
  const zone = viewerTimeZone();
  return (
    <Block
      title={T.requests.title}
      icon={<ClipboardList aria-hidden className="size-5 text-primary" />}
      action={
        pending.count > 0 ? (
          <Button asChild size="sm" variant="outline">
            <Link to={paths.doctor.appointments.href()}>{T.requests.seeAll(pending.count)}</Link>
          </Button>
        ) : null
      }
    >
      {pending.count === 0 ? (
        <p className="text-muted-foreground text-sm">{T.requests.none}</p>
      ) : (
        <ul className="divide-y">
          {pending.items.map((item) => (
            <li key={item.id} className="py-2">
              <p className="font-medium">{item.patientName}</p>
              <p className="text-muted-foreground text-sm">
                {slotLabel(item.startsAt, zone)}
                {item.respondBy ? ` · ${T.requests.respondBy(slotLabel(item.respondBy, zone))}` : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}

/**
 * /doctor: an incomplete profile goes to complete-profile; pending and rejected doctors see what
 * is missing or why; approved doctors see the four numbers from real data.
 */
export function DoctorDashboardPage() {
  const { user } = useSession();
  const profile = useMyProfile();
  const dashboard = useDoctorDashboard(profile.data?.isComplete === true);
  if (profile.data && !profile.data.isComplete) {
    return <Navigate to={paths.doctor.completeProfile.href()} replace />;
  }
  const section = SECTIONS.doctor.dashboard;
  const data = dashboard.data;
  const name = firstName(user?.name, user?.email);
  return (
    <>
      <PageHeader title={name ? `Olá, ${name}` : section.title} description={section.description} />
      {profile.isError || dashboard.isError ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center" role="alert">
            <p className="font-medium">{T.loadError}</p>
            <Button
              variant="outline"
              onClick={() => void (profile.isError ? profile.refetch() : dashboard.refetch())}
            >
              {DOCTORS_TEXT.form.retry}
            </Button>
          </CardContent>
        </Card>
      ) : !data ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-32" />
          ))}
        </div>
      ) : data.verificationStatus === 'approved' ? (
        <div className="space-y-4">
          <SetupChecklist setup={data.setup} />
          <DutyCard />
          <div className="grid gap-4 lg:grid-cols-2">
            <NextConsultation next={data.nextConsultation} />
            <PendingRequests pending={data.pendingRequests} />
          </div>
          <PendingRecordsCard />
          <Stats stats={data.stats} />
          <DoctorReviewsCard doctorName={user?.name ?? ''} />
        </div>
      ) : data.verificationStatus === 'rejected' ? (
        <RejectedNotice dashboard={data} />
      ) : (
        <PendingNotice dashboard={data} />
      )}
    </>
  );
}
