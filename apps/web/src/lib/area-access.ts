import { ROLE_HOME, type Role } from '@pulsa/shared/constants/roles';
import type { SessionUser } from '@pulsa/shared/schemas/auth';
// Relative on purpose: this pure rule is unit-tested by the root vitest, which has no `@` alias.
import { paths } from '../config/paths';

/**
 * Who may see a signed-in area: null to stay, otherwise where to go instead — the login (with the
 * way back) when signed out, the user's own dashboard when the area belongs to another role, the
 * two-factor enrolment for an admin who has not enrolled yet.
 */
export function areaRedirect(user: SessionUser | null, area: Role, requestedPath: string): string | null {
  if (!user) return paths.login.href(requestedPath);
  if (user.role !== area) return ROLE_HOME[user.role];
  // Admins enrol two-factor sign-in before anything else (the API refuses them until then).
  if (user.role === 'admin' && !user.twoFactorEnabled) return paths.twoFactorSetup.href(requestedPath);
  return null;
}
