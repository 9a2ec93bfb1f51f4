import { CalendarClock, Clock, UsersRound, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { landingAnchors, paths } from '@/config/paths';
import { useSession } from '@/lib/use-session';
import { MARKETING_TEXT } from '../texts';
import { LandingSection } from './landing-section';

const T = MARKETING_TEXT.forDoctors;
const ICONS = [CalendarClock, UsersRound, Clock, Wallet];

/**
 * The spec's promise to doctors: agenda, patients, time, automated payments; the sign-up button
 * only for visitors (a signed-in patient, doctor or admin has an account already).
 */
export function ForDoctorsSection() {
  const { user } = useSession();
  return (
    <LandingSection
      id={landingAnchors.forDoctors}
      eyebrow={T.eyebrow}
      title={T.title}
      description={T.description}
      className="bg-muted/40"
    >
      <ul className="grid gap-6 sm:grid-cols-2">
        {T.benefits.map((benefit, index) => {
          const Icon = ICONS[index] ?? Clock;
          return (
            <li
              key={benefit.title}
              className="flex gap-4 rounded-xl border border-border bg-card p-6 shadow-sm"
            >
              <span
                aria-hidden
                className="grid size-11 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary"
              >
                <Icon className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold text-lg">{benefit.title}</h3>
                <p className="mt-1 text-muted-foreground text-sm leading-relaxed">{benefit.text}</p>
              </div>
            </li>
          );
        })}
      </ul>
      {user ? null : (
        <div className="mt-10 text-center">
          <Link to={paths.registerDoctor.href()} className={buttonVariants({ size: 'lg' })}>
            {T.cta}
          </Link>
        </div>
      )}
    </LandingSection>
  );
}
