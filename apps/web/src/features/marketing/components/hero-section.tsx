import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/use-session';
import { MARKETING_TEXT } from '../texts';
import { HeroArt } from './hero-art';

const T = MARKETING_TEXT.hero;

/** Headline, the product's promises, the two calls to action and the live numbers slot. */
export function HeroSection({ highlights }: { highlights: ReactNode }) {
  const { user } = useSession();
  // A signed-in patient books from their area; everyone else starts by creating an account.
  const bookHref = user?.role === 'patient' ? paths.patient.schedule.href() : paths.register.href();
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 -z-10 h-[28rem] bg-linear-to-b from-primary/10 to-transparent"
      />
      <div className="mx-auto grid w-full max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-primary/30 bg-primary/10 px-3 py-1 font-medium text-primary text-xs sm:text-sm">
            {T.badge}
          </p>
          <h1 id="hero-title" className="mt-5 font-bold text-4xl tracking-tight sm:text-5xl lg:text-6xl">
            {T.title}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground">{T.lead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={bookHref} className={buttonVariants({ size: 'lg' })}>
              {T.book}
            </Link>
            {/* A doctor's sign-up is a new account: nothing to offer someone already signed in. */}
            {user ? null : (
              <Link
                to={paths.registerDoctor.href()}
                className={buttonVariants({ size: 'lg', variant: 'outline' })}
              >
                {T.doctorSignUp}
              </Link>
            )}
          </div>
          <ul className="mt-8 space-y-2">
            {T.claims.map((claim) => (
              <li key={claim} className="flex items-start gap-2 text-sm">
                <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                {claim}
              </li>
            ))}
          </ul>
          <div className="mt-10">{highlights}</div>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}
