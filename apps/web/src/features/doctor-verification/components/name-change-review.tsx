import type { DoctorProfile } from '@pulsa/shared/schemas/doctors';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDecideNameChange } from '../api/decide';
import { VERIFICATION_TEXT } from '../texts';
import { RejectDialog } from './reject-dialog';

const T = VERIFICATION_TEXT.nameChange;

/** An approved doctor asked to change their name: the team approves it or refuses it with a reason. */
export function NameChangeReview({ profile }: { profile: DoctorProfile }) {
  const decide = useDecideNameChange();
  const [rejecting, setRejecting] = useState(false);
  const request = profile.nameChangeRequest;
  if (!request) return null;
  return (
    <Card className="border-warning/60">
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
        <CardDescription>{T.hint}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="font-medium">{T.fromTo(profile.fullName, request.fullName)}</p>
        <div className="flex flex-wrap gap-2">
          <Button
            loading={decide.isPending && !rejecting}
            onClick={() =>
              decide.mutate(
                { doctorId: profile.id, decision: 'approve' },
                { onSuccess: () => toast.success(T.approved) },
              )
            }
          >
            {T.approve}
          </Button>
          <Button variant="outline" onClick={() => setRejecting(true)}>
            {T.reject}
          </Button>
        </div>
        <RejectDialog
          open={rejecting}
          title={T.rejectTitle(profile.fullName)}
          busy={decide.isPending}
          onCancel={() => setRejecting(false)}
          onConfirm={(reason) =>
            decide.mutate(
              { doctorId: profile.id, decision: 'reject', reason },
              {
                onSuccess: () => {
                  setRejecting(false);
                  toast.success(T.rejected);
                },
              },
            )
          }
        />
      </CardContent>
    </Card>
  );
}
