import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { landingAnchors, paths } from '@/config/paths';
import { MARKETING_TEXT } from '../texts';

const T = MARKETING_TEXT.nav;

export const SECTION_LINKS = [
  { id: landingAnchors.howItWorks, label: T.howItWorks },
  { id: landingAnchors.specialties, label: T.specialties },
  { id: landingAnchors.forDoctors, label: T.forDoctors },
  { id: landingAnchors.pricing, label: T.pricing },
] as const;

/**
 * A link to a landing section: a plain anchor on the landing page (the browser scrolls and moves
 * focus), a full page load of "/#section" from the app's pages (the landing is the server's).
 */
export function SectionLink({
  id,
  className,
  onNavigate,
  children,
}: {
  id: string;
  className?: string;
  onNavigate?: () => void;
  children: ReactNode;
}) {
  const onLanding = useLocation().pathname === paths.home.path;
  if (onLanding) {
    return (
      <a href={`#${id}`} className={className} onClick={onNavigate}>
        {children}
      </a>
    );
  }
  return (
    <Link
      to={{ pathname: paths.home.href(), hash: `#${id}` }}
      reloadDocument
      className={className}
      onClick={onNavigate}
    >
      {children}
    </Link>
  );
}
