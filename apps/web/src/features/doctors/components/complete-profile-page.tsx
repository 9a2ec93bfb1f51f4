import { Navigate, useNavigate } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { SECTIONS } from '@/config/sections';
import { useMyProfile } from '../api/get-my-profile';
import { ProfileForm } from './profile-form';
import { ProfileLoadError } from './profile-load-error';

/** /doctor/complete-profile: the first form after sign-up; a complete profile goes to /doctor. */
export function CompleteProfilePage() {
  const profile = useMyProfile();
  const navigate = useNavigate();
  const section = SECTIONS.doctor.completeProfile;
  if (profile.data?.isComplete && !profile.isRefetching) {
    return <Navigate to={paths.doctor.dashboard.href()} replace />;
  }
  return (
    <>
      <PageHeader title={section.title} description={section.description} />
      <Card className="max-w-3xl">
        <CardContent className="p-6">
          {profile.data ? (
            <ProfileForm
              profile={profile.data}
              mode="complete"
              onSaved={() => navigate(paths.doctor.dashboard.href(), { replace: true })}
            />
          ) : profile.isError ? (
            <ProfileLoadError onRetry={() => void profile.refetch()} />
          ) : (
            <Skeleton className="h-96" />
          )}
        </CardContent>
      </Card>
    </>
  );
}
