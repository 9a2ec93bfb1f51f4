import { VERIFICATION_STATUS } from '@pulsa/shared/constants/statuses';
import { formatCalendarDate } from '@pulsa/shared/format/calendar-date';
import { formatDate, recentMonths } from '@pulsa/shared/format/date';
import { formatBRL } from '@pulsa/shared/format/money';
import type { AdminDashboard as Dashboard, ReportBucket } from '@pulsa/shared/schemas/reports';
import { CalendarCheck, CircleDollarSign, Download, Stethoscope, Users } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RefreshButton } from '@/components/ui/refresh-button';
import { SelectField } from '@/components/ui/select-field';
import { paths } from '@/config/paths';
import type { Section } from '@/config/sections';
import { firstName } from '@/lib/person';
import { useSession } from '@/lib/use-session';
import { type DashboardPeriod, useAdminDashboard, useDashboardLiveUpdates } from '../api/dashboard';
import { ADMIN_DASHBOARD_TEXT as T } from '../texts';
import {
  MoneyChart,
  OnDemandChart,
  OutcomesChart,
  RatesChart,
  TopSpecialtiesChart,
} from './dashboard-charts';

function MetricCard({
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
  to?: string;
}) {
  const body = (
    <CardContent className="space-y-2 p-6">
      <div className="flex items-center justify-between text-muted-foreground">
        <p className="font-medium text-sm">{label}</p>
        {icon}
      </div>
      <p className="font-semibold text-3xl tabular-nums">{value}</p>
      <p className="text-muted-foreground text-xs">{hint}</p>
    </CardContent>
  );
  return (
    <Card className={to ? 'transition-colors hover:border-primary/50' : undefined}>
      {to ? (
        <Link
          to={to}
          className="block rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {body}
        </Link>
      ) : (
        body
      )}
    </Card>
  );
}

function Cards({ cards }: { cards: Dashboard['cards'] }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <MetricCard
        icon={<Stethoscope aria-hidden className="size-5" />}
        label={T.cards.doctors}
        value={cards.doctorsCount.toLocaleString('pt-BR')}
        hint={T.hints.doctors}
        to={paths.admin.doctors.href()}
      />
      <MetricCard
        icon={<Users aria-hidden className="size-5" />}
        label={T.cards.patients}
        value={cards.patientsCount.toLocaleString('pt-BR')}
        hint={T.hints.patients}
        to={paths.admin.patients.href()}
      />
      <MetricCard
        icon={<CalendarCheck aria-hidden className="size-5" />}
        label={T.cards.appointments}
        value={cards.appointmentsCount.toLocaleString('pt-BR')}
        hint={T.hints.appointments}
      />
      <MetricCard
        icon={<CircleDollarSign aria-hidden className="size-5" />}
        label={T.cards.revenue}
        value={formatBRL(cards.totalRevenue)}
        hint={T.hints.revenue}
      />
    </div>
  );
}

function RecentList({
  title,
  empty,
  more,
  moreHref,
  loading,
  children,
  count,
}: {
  title: string;
  empty: string;
  more: string;
  moreHref: string;
  loading: boolean;
  count: number;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>{title}</CardTitle>
        <Button asChild variant="link" className="px-0">
          <Link to={moreHref}>{more}</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {loading ? (
          <p className="text-muted-foreground text-sm">{T.loading}</p>
        ) : count === 0 ? (
          <p className="text-muted-foreground text-sm">{empty}</p>
        ) : (
          <ul className="divide-y">{children}</ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The month's commission per doctor as CSV (a plain download: the session cookie goes with it). */
function CommissionExport() {
  const months = recentMonths();
  const [month, setMonth] = useState(months[1]?.value ?? '');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.export.title}</CardTitle>
        <CardDescription>{T.export.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end gap-3">
        <div className="w-56 space-y-1.5">
          <Label htmlFor="exportar-mes">{T.export.month}</Label>
          <SelectField id="exportar-mes" value={month} onValueChange={setMonth} options={months} />
        </div>
        <Button asChild variant="outline">
          <a href={`/api/admin/reports/commissions.csv?month=${month}`} download>
            <Download aria-hidden />
            {T.export.download}
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}

const ZERO: Dashboard['cards'] = { doctorsCount: 0, patientsCount: 0, appointmentsCount: 0, totalRevenue: 0 };

function PeriodForm({
  period,
  onApply,
  shown,
}: {
  period: DashboardPeriod;
  onApply: (p: DashboardPeriod) => void;
  shown?: Dashboard['period'];
}) {
  const [from, setFrom] = useState(period.from ?? shown?.from ?? '');
  const [to, setTo] = useState(period.to ?? shown?.to ?? '');
  const [bucket, setBucket] = useState<ReportBucket>(period.bucket);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ from: from || undefined, to: to || undefined, bucket });
  };
  return (
    <Card>
      <CardContent className="p-4">
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={T.period.title}>
          <div className="space-y-1.5">
            <Label htmlFor="periodo-de">{T.period.from}</Label>
            <Input
              id="periodo-de"
              type="date"
              value={from || shown?.from || ''}
              onChange={(e) => setFrom(e.target.value)}
              className="w-40"
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="periodo-ate">{T.period.to}</Label>
            <Input
              id="periodo-ate"
              type="date"
              value={to || shown?.to || ''}
              onChange={(e) => setTo(e.target.value)}
              className="w-40"
            />
          </div>
          <div className="w-36 space-y-1.5">
            <Label htmlFor="periodo-agrupar">{T.period.bucket}</Label>
            <SelectField
              id="periodo-agrupar"
              value={bucket}
              onValueChange={(v) => setBucket(v as ReportBucket)}
              options={[
                { value: 'week', label: T.period.week },
                { value: 'month', label: T.period.month },
              ]}
            />
          </div>
          <Button type="submit" variant="outline">
            {T.period.apply}
          </Button>
          {shown ? (
            <p className="text-muted-foreground text-sm sm:ml-auto" aria-live="polite">
              {T.period.showing(formatCalendarDate(shown.from), formatCalendarDate(shown.to))}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

/**
 * /admin: the spec's four cards, "Atualizar" and the newest doctors and patients, then the period's
 * charts. Every number comes from the server (the ledger and the appointments, decision 084).
 */
export function AdminDashboard({ section }: { section: Section }) {
  const [period, setPeriod] = useState<DashboardPeriod>({ bucket: 'month' });
  const query = useAdminDashboard(period);
  useDashboardLiveUpdates();
  const data = query.data;
  const loading = query.isPending;
  const { user } = useSession();
  const name = firstName(user?.name, user?.email);

  return (
    <>
      <PageHeader
        title={name ? `Olá, ${name}` : section.title}
        pageTitle={section.title}
        description={section.description}
        actions={<RefreshButton query={query} label={T.refresh} />}
      />
      <div className="space-y-6">
        {loading ? (
          <p className="text-muted-foreground" role="status">
            {T.loading}
          </p>
        ) : null}
        <Cards cards={data?.cards ?? ZERO} />
        {/* grid-cols-1 (minmax(0, 1fr)): a long name or email is cut short inside its card instead of
            widening the column past a phone's screen. */}
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <RecentList
            title={T.latestDoctors}
            empty={T.noDoctors}
            more={T.allDoctors}
            moreHref={paths.admin.doctors.href()}
            loading={loading}
            count={data?.latestDoctors.length ?? 0}
          >
            {data?.latestDoctors.map((d) => (
              <li key={d.id} className="flex items-center justify-between gap-3 py-2.5">
                <div className="min-w-0">
                  <Link to={paths.admin.doctor.href(d.id)} className="font-medium hover:underline">
                    {d.fullName}
                  </Link>
                  <p className="truncate text-muted-foreground text-xs">
                    {[d.specialty, formatDate(d.createdAt)].filter(Boolean).join(' · ')}
                  </p>
                </div>
                <Badge tone={VERIFICATION_STATUS[d.verificationStatus].tone}>
                  {VERIFICATION_STATUS[d.verificationStatus].label}
                </Badge>
              </li>
            ))}
          </RecentList>
          <RecentList
            title={T.latestPatients}
            empty={T.noPatients}
            more={T.allPatients}
            moreHref={paths.admin.patients.href()}
            loading={loading}
            count={data?.latestPatients.length ?? 0}
          >
            {data?.latestPatients.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-3 py-2.5">
                <div className="min-w-0">
                  <p className="font-medium">{p.fullName}</p>
                  <p className="truncate text-muted-foreground text-xs">{p.email}</p>
                </div>
                <span className="shrink-0 text-muted-foreground text-xs tabular-nums">
                  {formatDate(p.createdAt)}
                </span>
              </li>
            ))}
          </RecentList>
        </div>
        <PeriodForm
          period={period}
          onApply={setPeriod}
          shown={data?.period}
          key={data ? 'ready' : 'loading'}
        />
        {data ? (
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            <MoneyChart data={data} />
            <OutcomesChart data={data} />
            <RatesChart data={data} />
            <TopSpecialtiesChart data={data} />
            <OnDemandChart data={data} />
          </div>
        ) : null}
        <CommissionExport />
        <p className="text-muted-foreground text-xs">{T.liveNote}</p>
      </div>
    </>
  );
}
