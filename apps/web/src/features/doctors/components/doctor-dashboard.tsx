import { formatBRL } from '@pulsa/shared/format/money';
import type { DoctorDashboard as Dashboard } from '@pulsa/shared/schemas/doctors';
import { CalendarCheck, Clock, Percent, TriangleAlert, Users, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { SECTIONS } from '@/config/sections';
import { PendingRecordsCard } from '@/features/records';
import { DoctorReviewsCard } from '@/features/reviews';
import { firstName } from '@/lib/person';
import { useSession } from '@/lib/use-session';
import { useDoctorDashboard } from '../api/get-dashboard';
import { useMyProfile } from '../api/get-my-profile';
import { DOCTORS_TEXT } from '../texts';

const T = DOCTORS_TEXT.dashboard;

function StatCard({
  icon,
  label,
  value,
  hint,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  hint: string;
}) {
  return (
    <Card>
      <CardContent className="space-y-2 p-6">
        <div className="flex items-center justify-between text-muted-foreground">
          <p className="font-medium text-sm">{label}</p>
          {icon}
        </div>
        <p className="font-semibold text-3xl tabular-nums">{value}</p>
        <p className="text-muted-foreground text-xs">{hint}</p>
      </CardContent>
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
