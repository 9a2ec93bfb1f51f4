import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { accountRequests } from '../api/account';
import { ACCOUNT_TEXT } from '../texts';

const T = ACCOUNT_TEXT.confirmChange;

/** The page the email-change link opens: applies the change once on arrival and says so. */
export function ConfirmEmailChange({ token }: { token: string | null }) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: accountRequests.confirmEmailChange,
    onSuccess: () => queryClient.invalidateQueries(),
  });
  const started = useRef(false);

  useEffect(() => {
    // A single-use link: never spent twice by React's development double effects.
    if (!token || started.current) return;
    started.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  if (token && (confirm.isIdle || confirm.isPending)) {
    return (
      <p className="flex items-center justify-center gap-2 text-muted-foreground" role="status">
        <LoaderCircle aria-hidden className="size-4 animate-spin" /> {T.checking}
      </p>
    );
  }
  const ok = confirm.isSuccess;
  const message = ok
    ? confirm.data.message
    : confirm.error instanceof ApiError
      ? confirm.error.message
      : T.missingToken;
  return (
    <div className="space-y-4 text-center" role={ok ? 'status' : 'alert'}>
      {ok ? (
        <CircleCheck aria-hidden className="mx-auto size-12 text-success" />
      ) : (
        <CircleAlert aria-hidden className="mx-auto size-12 text-destructive" />
      )}
      <h2 className="font-semibold text-lg">{ok ? T.doneTitle : T.failedTitle}</h2>
      <p className="text-muted-foreground text-sm">{message}</p>
      <Button asChild className="w-full">
        <Link to={paths.login.href()}>{T.continue}</Link>
      </Button>
    </div>
  );
}
