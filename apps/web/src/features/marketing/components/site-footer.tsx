import { Siren } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '@/components/ui/brand-logo';
import { landingAnchors, paths } from '@/config/paths';
import { MARKETING_TEXT } from '../texts';
import { SECTION_LINKS, SectionLink } from './section-links';

const T = MARKETING_TEXT.footer;
const linkClass = 'text-muted-foreground text-sm transition-colors hover:text-foreground hover:underline';

/** Brand, the emergency notice, the site's sections and the help and legal pages (/help, /terms, /privacy). */
export function SiteFooter() {
  const platformId = useId();
  const helpId = useId();
  return (
    <footer className="border-border border-t bg-muted/40">
      <div className="mx-auto grid w-full max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr]">
        <div className="col-span-2 space-y-4 md:col-span-1">
          <BrandLogo />
          <p className="max-w-sm text-muted-foreground text-sm">{T.tagline}</p>
          <p className="flex max-w-sm items-start gap-2 font-medium text-sm">
            <Siren aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
            {T.emergency}
          </p>
        </div>
        <nav aria-labelledby={platformId}>
          <h2 id={platformId} className="font-semibold text-sm">
            {T.platform}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to={paths.specialties.href()} reloadDocument className={linkClass}>
                {T.allSpecialties}
              </Link>
            </li>
            {SECTION_LINKS.filter((l) => l.id !== landingAnchors.specialties).map((link) => (
              <li key={link.id}>
                <SectionLink id={link.id} className={linkClass}>
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby={helpId}>
          <h2 id={helpId} className="font-semibold text-sm">
            {T.help}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to={paths.help.href()} className={linkClass}>
                {T.helpCenter}
              </Link>
            </li>
            <li>
              <Link to={paths.terms.href()} className={linkClass}>
                {T.terms}
              </Link>
            </li>
            <li>
              <Link to={paths.privacy.href()} className={linkClass}>
                {T.privacy}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-border border-t">
        <p className="mx-auto w-full max-w-6xl px-4 py-5 text-muted-foreground text-xs sm:px-6">
          © {new Date().getFullYear()} {T.company} {T.rights}
        </p>
      </div>
    </footer>
  );
}
