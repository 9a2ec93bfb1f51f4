import { CalendarCheck, Search, UserPlus, Video } from 'lucide-react';
import { landingAnchors } from '@/config/paths';
import { MARKETING_TEXT } from '../texts';
import { LandingSection } from './landing-section';

const T = MARKETING_TEXT.howItWorks;
const ICONS = [UserPlus, Search, CalendarCheck, Video];

export function HowItWorksSection() {
  return (
    <LandingSection
      id={landingAnchors.howItWorks}
      eyebrow={T.eyebrow}
      title={T.title}
      description={T.description}
      className="bg-muted/40"
    >
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {T.steps.map((step, index) => {
          const Icon = ICONS[index] ?? Search;
          return (
            <li key={step.title} className="relative rounded-xl border border-border bg-card p-6 shadow-sm">
              <div className="flex items-center justify-between">
                <span
                  aria-hidden
                  className="grid size-11 place-items-center rounded-lg bg-primary text-primary-foreground"
                >
                  <Icon className="size-5" />
                </span>
                <span aria-hidden className="font-bold text-4xl text-primary/20">
                  {index + 1}
                </span>
              </div>
              <h3 className="mt-5 font-semibold text-lg">{step.title}</h3>
              <p className="mt-2 text-muted-foreground text-sm leading-relaxed">{step.text}</p>
            </li>
          );
        })}
      </ol>
    </LandingSection>
  );
}
