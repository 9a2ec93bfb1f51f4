import { DOCTOR_FACING_PENDING_LABEL, VERIFICATION_STATUS } from '@pulsa/shared/constants/statuses';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { SECTIONS } from '@/config/sections';
import { SignatureCard } from '@/features/clinical-documents';
import { PayoutCard } from '@/features/payouts';
import { useMyProfile } from '../api/get-my-profile';
import { DOCTORS_TEXT } from '../texts';
import { DocumentsSection } from './documents-section';
import { NameCard } from './name-card';
import { PhotoCard } from './photo-card';
import { ProfileForm } from './profile-form';
import { ProfileLoadError } from './profile-load-error';

/** /doctor/profile: photo, professional data (with education and experience) and the documents. */
export function ProfilePage() {
  const profile = useMyProfile();
  const section = SECTIONS.doctor.profile;
  const data = profile.data;
  return (
    <>
      <PageHeader
        title={section.title}
        description={section.description}
        actions={
          data ? (
            <Badge tone={VERIFICATION_STATUS[data.verificationStatus].tone} className="text-sm">
              {data.verificationStatus === 'pending'
                ? DOCTOR_FACING_PENDING_LABEL
                : VERIFICATION_STATUS[data.verificationStatus].label}
            </Badge>
          ) : null
        }
      />
      {data ? (
        <div className="space-y-6">
          <PhotoCard profile={data} />
          <NameCard key={`${data.fullName}|${data.nameChangeRequest?.fullName ?? ''}`} profile={data} />
          <Card>
            <CardHeader>
              <CardTitle>{DOCTORS_TEXT.form.professional}</CardTitle>
              <CardDescription>{DOCTORS_TEXT.form.professionalHint}</CardDescription>
            </CardHeader>
            <CardContent>
              <ProfileForm key={data.updatedAt} profile={data} mode="edit" />
            </CardContent>
          </Card>
          <DocumentsSection profile={data} />
          <SignatureCard />
          <PayoutCard />
        </div>
      ) : profile.isError ? (
        <ProfileLoadError onRetry={() => void profile.refetch()} />
      ) : (
        <Skeleton className="h-[40rem]" />
      )}
    </>
  );
}
