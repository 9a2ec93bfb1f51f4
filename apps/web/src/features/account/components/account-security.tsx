import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';
import { accountSecurityQuery } from '../api/account';
import { ACCOUNT_TEXT } from '../texts';
import { ChangeEmailCard } from './change-email-card';
import { ChangePasswordCard } from './change-password-card';
import { ReauthProvider } from './reauth';
import { SessionsCard } from './sessions-card';
import { TrustedDevicesCard } from './trusted-devices-card';
import { TwoFactorCard } from './two-factor-card';

/**
 * "Segurança" of every area's account page: two-factor, sessions, remembered devices (with two-factor
 * on), password and email.
 */
export function AccountSecurity() {
  const security = useQuery(accountSecurityQuery);
  return (
    <section aria-labelledby="seguranca" className="max-w-2xl space-y-4">
      <div className="space-y-1">
        <h2 id="seguranca" className="font-semibold text-xl tracking-tight">
          {ACCOUNT_TEXT.securityTitle}
        </h2>
        <p className="text-muted-foreground text-sm">{ACCOUNT_TEXT.securityDescription}</p>
      </div>
      {security.data ? (
        <ReauthProvider twoFactorEnabled={security.data.twoFactorEnabled}>
          <TwoFactorCard security={security.data} />
          <SessionsCard />
          {security.data.twoFactorEnabled ? <TrustedDevicesCard /> : null}
          <ChangePasswordCard />
          <ChangeEmailCard security={security.data} />
        </ReauthProvider>
      ) : security.isError ? (
        <p className="text-destructive text-sm">{ACCOUNT_TEXT.loadError}</p>
      ) : (
        <Skeleton className="h-40 w-full" />
      )}
    </section>
  );
}
