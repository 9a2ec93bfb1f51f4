import { DOCUMENT_KINDS } from '@pulsa/shared/constants/statuses';
import { formatDate } from '@pulsa/shared/format/date';
import { formatBRL } from '@pulsa/shared/format/money';
import { BRAZIL_TIME_ZONES } from '@pulsa/shared/schemas/doctors';
import { ArrowLeft, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { VerificationStatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { useAdminDoctor } from '../api/get-admin-doctor';
import { VERIFICATION_TEXT } from '../texts';
import { DocumentReview } from './document-review';
import { NameChangeReview } from './name-change-review';
import { StatusActions } from './status-actions';
import { VerificationHistory } from './verification-history';

const T = VERIFICATION_TEXT.detail;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 whitespace-pre-line break-words font-medium">
        {children || VERIFICATION_TEXT.notAvailable}
      </dd>
    </>
  );
}

/** /admin/doctors/:doctorId: the profile, the documents inline with their decisions, and the history. */
export function DoctorDetailPage({ doctorId }: { doctorId: string }) {
  const query = useAdminDoctor(doctorId);
  const back = (
    <Button variant="ghost" asChild className="-ml-3 mb-2">
      <Link to={paths.admin.doctors.href()}>
        <ArrowLeft aria-hidden />
        {T.back}
      </Link>
    </Button>
  );
  if (!query.data) {
    return (
      <>
        {back}
        {query.isError ? (
          <Card>
            <CardContent className="flex flex-col items-center gap-3 py-10 text-center" role="alert">
              <p className="font-medium">{T.loadError}</p>
              <Button variant="outline" onClick={() => void query.refetch()}>
                {VERIFICATION_TEXT.refresh}
              </Button>
            </CardContent>
          </Card>
        ) : (
          <Skeleton className="h-[40rem]" />
        )}
      </>
    );
  }
  const { profile, documents, history } = query.data;
  const name = profile.fullName || VERIFICATION_TEXT.noName;
  const notAllVerified = DOCUMENT_KINDS.some((k) => profile.documents[k]?.status !== 'verified');
  const zone = BRAZIL_TIME_ZONES.find(([id]) => id === profile.timeZone)?.[1] ?? profile.timeZone;

  return (
    <>
      {back}
      <PageHeader
        title={name}
        description={
          <span className="email-address block" title={profile.email}>
            {profile.email}
          </span>
        }
        actions={<VerificationStatusBadge status={profile.verificationStatus} className="text-sm" />}
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <div className="space-y-6">
          <NameChangeReview profile={profile} />
          <Card>
            <CardHeader>
              <CardTitle>{T.decision}</CardTitle>
              <CardDescription>{T.decisionHint}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-3">
              {profile.verificationStatus === 'rejected' && profile.rejectionReason ? (
                <p className="rounded-md bg-destructive/10 p-3 text-destructive-text text-sm">
                  <span className="font-medium">{T.reason}:</span> {profile.rejectionReason}
                </p>
              ) : null}
              {notAllVerified && profile.verificationStatus !== 'approved' ? (
                <p className="flex gap-2 text-warning-text text-sm">
                  <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                  {T.documentsWarning}
                </p>
              ) : null}
              <StatusActions
                doctorId={profile.id}
                name={name}
                status={profile.verificationStatus}
                variant="buttons"
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="flex-row items-center gap-4">
              <UserAvatar
                name={name}
                imageUrl={profile.avatarUrl}
                fallback={VERIFICATION_TEXT.avatarFallback}
                className="size-16 text-lg"
              />
              <CardTitle>{T.profile}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
                <Field label={T.fields.name}>{profile.fullName}</Field>
                <Field label={T.fields.email}>
                  <span className="email-address block" title={profile.email}>
                    {profile.email}
                  </span>
                </Field>
                <Field label={T.fields.crm}>
                  {profile.crmNumber && profile.crmState ? `${profile.crmNumber}/${profile.crmState}` : ''}
                </Field>
                <Field label={T.fields.specialty}>{profile.specialty?.name}</Field>
                <Field label={T.fields.price}>
                  {profile.consultationPrice === null ? '' : formatBRL(profile.consultationPrice)}
                </Field>
                <Field label={T.fields.minutes}>{T.minutes(profile.consultationMinutes)}</Field>
                <Field label={T.fields.timeZone}>{zone}</Field>
                <Field label={T.fields.bio}>{profile.bio}</Field>
                <Field label={T.fields.education}>{profile.education}</Field>
                <Field label={T.fields.experience}>{profile.professionalExperience}</Field>
                <Field label={T.fields.createdAt}>{formatDate(profile.createdAt)}</Field>
                <Field label={T.fields.slug}>{profile.slug ? `/medicos/${profile.slug}` : ''}</Field>
              </dl>
            </CardContent>
          </Card>
        </div>
        <section aria-labelledby="documents-title" className="space-y-4">
          <h2 id="documents-title" className="font-semibold text-lg">
            {T.documents}
          </h2>
          {DOCUMENT_KINDS.map((kind) => {
            const current = profile.documents[kind];
            return (
              <DocumentReview
                key={kind}
                kind={kind}
                current={current}
                previous={documents.filter((d) => d.kind === kind && d.id !== current?.id)}
              />
            );
          })}
        </section>
      </div>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>{T.history}</CardTitle>
        </CardHeader>
        <CardContent>
          <VerificationHistory events={history} />
        </CardContent>
      </Card>
    </>
  );
}
