import { formatDate } from '@pulsa/shared/format/date';
import { CircleAlert, CircleCheck, LoaderCircle, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layout/page-header';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { paths } from '@/config/paths';
import type { Section } from '@/config/sections';
import { ApiError } from '@/lib/api-client';
import { useAnswerInvitation, useDoctorInvitation } from '../api/doctor-invitation';
import { INVITATION_TEXT as T } from '../invitation-texts';

/**
 * /patient/convite?token=…: the page a doctor's invitation email links to. The signed-in patient
 * sees who invites and what they would see, and authorises or declines (decision 047).
 */
export function DoctorInvitationPage({ section, token }: { section: Section; token: string | null }) {
  const invitation = useDoctorInvitation(token);
  const answer = useAnswerInvitation();

  const respond = (accept: boolean) => {
    if (!token) return;
    answer.mutate(
      { token, accept },
      {
        onSuccess: (result) =>
          toast.success(result.status === 'accepted' ? T.acceptedTitle : T.declinedTitle, {
            description: result.message,
          }),
      },
    );
  };

  let body: ReactNode;
  if (answer.isSuccess) {
    body = (
      <Outcome
        icon="done"
        title={answer.data.status === 'accepted' ? T.acceptedTitle : T.declinedTitle}
        message={answer.data.message}
      />
    );
  } else if (!token) {
    body = <Outcome icon="failed" title={T.failedTitle} message={T.missingToken} />;
  } else if (invitation.isPending) {
    body = (
      <p className="flex items-center gap-2 text-muted-foreground" role="status">
        <LoaderCircle aria-hidden className="size-4 animate-spin" /> {T.loading}
      </p>
    );
  } else if (invitation.isError) {
    const message = invitation.error instanceof ApiError ? invitation.error.message : T.missingToken;
    body = <Outcome icon="failed" title={T.failedTitle} message={message} />;
  } else {
    const { doctor, expiresAt } = invitation.data;
    const about = [doctor.specialty, doctor.crm ? `CRM ${doctor.crm}` : null].filter(Boolean).join(' · ');
    body = (
      <Card className="max-w-xl">
        <CardContent className="space-y-4 pt-6">
          <div className="flex items-center gap-3">
            <UserAvatar name={doctor.name} imageUrl={doctor.avatarUrl} fallback="DR" className="size-12" />
            <div>
              <p className="font-semibold">{doctor.name}</p>
              {about ? <p className="text-muted-foreground text-sm">{about}</p> : null}
            </div>
          </div>
          <p>{T.intro(doctor.name)}</p>
          <p className="text-muted-foreground text-sm">{T.consent}</p>
          <p className="flex items-start gap-2 text-muted-foreground text-sm">
            <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
            {T.noCpf}
          </p>
          <p className="text-muted-foreground text-sm">{T.validUntil(formatDate(expiresAt))}</p>
        </CardContent>
        <CardFooter className="flex-wrap justify-end">
          <Button variant="outline" disabled={answer.isPending} onClick={() => respond(false)}>
            {T.decline}
          </Button>
          <Button loading={answer.isPending} onClick={() => respond(true)}>
            {answer.isPending ? T.busy : T.accept}
          </Button>
        </CardFooter>
      </Card>
    );
  }

  return (
    <>
      <PageHeader title={section.title} description={section.description} />
      {body}
    </>
  );
}

function Outcome({ icon, title, message }: { icon: 'done' | 'failed'; title: string; message: string }) {
  const Icon = icon === 'done' ? CircleCheck : CircleAlert;
  return (
    <Card className="max-w-xl">
      <CardContent className="space-y-3 pt-6" role={icon === 'done' ? 'status' : 'alert'}>
        <Icon aria-hidden className={icon === 'done' ? 'size-10 text-success' : 'size-10 text-destructive'} />
        <h2 className="font-semibold text-lg">{title}</h2>
        <p className="text-muted-foreground text-sm">{message}</p>
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline">
          <Link to={paths.patient.dashboard.href()}>{T.goToDashboard}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
