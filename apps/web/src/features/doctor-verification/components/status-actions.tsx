import { VERIFICATION_STATUS, type VerificationStatus } from '@pulsa/shared/constants/statuses';
import { CheckCircle2, Clock, Eye, MoreHorizontal, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useDecideDoctor } from '../api/decide';
import { VERIFICATION_TEXT } from '../texts';
import { RejectDialog } from './reject-dialog';

const T = VERIFICATION_TEXT.actions;

/**
 * The spec's actions menu: each status change is disabled when the doctor already has that status
 * or while this doctor's update runs; rejecting asks for the reason.
 */
export function StatusActions({
  doctorId,
  name,
  status,
  withDetails = true,
  variant = 'menu',
}: {
  doctorId: string;
  name: string;
  status: VerificationStatus;
  withDetails?: boolean;
  variant?: 'menu' | 'buttons';
}) {
  const decide = useDecideDoctor();
  const [rejecting, setRejecting] = useState(false);
  const busy = decide.isPending;

  const change = (next: VerificationStatus, reason?: string) =>
    decide.mutate(
      { doctorId, status: next, reason },
      {
        onSuccess: () => {
          setRejecting(false);
          toast.success(VERIFICATION_TEXT.statusUpdated(VERIFICATION_STATUS[next].label));
        },
      },
    );

  const dialog = (
    <RejectDialog
      open={rejecting}
      title={VERIFICATION_TEXT.rejectDialog.doctorTitle}
      busy={busy}
      onCancel={() => setRejecting(false)}
      onConfirm={(reason) => change('rejected', reason)}
    />
  );

  if (variant === 'buttons') {
    return (
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => change('approved')}
          disabled={busy || status === 'approved'}
          loading={busy && decide.variables?.status === 'approved'}
        >
          <CheckCircle2 aria-hidden />
          {T.approve}
        </Button>
        <Button
          variant="destructive"
          onClick={() => setRejecting(true)}
          disabled={busy || status === 'rejected'}
        >
          <XCircle aria-hidden />
          {T.reject}
        </Button>
        <Button variant="outline" onClick={() => change('pending')} disabled={busy || status === 'pending'}>
          <Clock aria-hidden />
          {T.pending}
        </Button>
        {dialog}
      </div>
    );
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label={T.open(name)} disabled={busy}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {withDetails ? (
            <>
              <DropdownMenuItem asChild>
                <Link to={paths.admin.doctor.href(doctorId)}>
                  <Eye aria-hidden />
                  {T.details}
                </Link>
              </DropdownMenuItem>
              <DropdownMenuSeparator />
            </>
          ) : null}
          <DropdownMenuItem disabled={busy || status === 'approved'} onSelect={() => change('approved')}>
            <CheckCircle2 aria-hidden />
            {T.approve}
          </DropdownMenuItem>
          <DropdownMenuItem
            destructive
            disabled={busy || status === 'rejected'}
            onSelect={() => setRejecting(true)}
          >
            <XCircle aria-hidden />
            {T.reject}
          </DropdownMenuItem>
          <DropdownMenuItem disabled={busy || status === 'pending'} onSelect={() => change('pending')}>
            <Clock aria-hidden />
            {T.pending}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog}
    </>
  );
}
