import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useResendVerification } from '../api/resend-verification';
import { AUTH_TEXT } from '../texts';

/**
 * Shown when sign-in is refused for an unconfirmed email: the way out is one click away. The
 * server-rendered sign-in page fills the same markup through its data attributes.
 */
export function ResendVerification({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-warning/40 bg-warning/10 p-4 text-sm">
      <p className="font-medium">{AUTH_TEXT.login.notVerifiedTitle}</p>
      <p className="text-muted-foreground">
        Sua conta ainda não foi confirmada. Abra o link que enviamos para{' '}
        <strong data-email="" className="email-address inline-block align-bottom" title={email}>
          {email}
        </strong>{' '}
        ou peça um novo.
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        data-resend=""
        disabled={resend.isPending || resend.isSuccess}
        onClick={() =>
          resend.mutate(email, {
            onSuccess: (res) => toast.success(AUTH_TEXT.login.resentTitle, { description: res.message }),
            onError: (error) =>
              toast.error('Erro', {
                description: error instanceof ApiError ? error.message : AUTH_TEXT.login.errorFallback,
              }),
          })
        }
      >
        {resend.isPending ? AUTH_TEXT.busy : AUTH_TEXT.login.resend}
      </Button>
    </div>
  );
}
