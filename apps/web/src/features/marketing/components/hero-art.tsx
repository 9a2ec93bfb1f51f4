import { BadgeCheck, CreditCard, Video } from 'lucide-react';
import { MARKETING_TEXT } from '../texts';

const T = MARKETING_TEXT.hero.art;

/**
 * The hero's picture, drawn with CSS and one inline SVG (no image to download): a pulse line over
 * the brand gradient, with the three facts the product guarantees.
 */
export function HeroArt() {
  const chips = [
    { icon: Video, label: T.video, className: 'top-6 left-4 sm:left-6' },
    { icon: BadgeCheck, label: T.verified, className: 'top-1/2 right-3 -translate-y-1/2 sm:right-6' },
    { icon: CreditCard, label: T.payment, className: 'bottom-6 left-8 sm:left-12' },
  ];
  return (
    <div aria-hidden className="relative mx-auto aspect-4/3 w-full max-w-md lg:max-w-none">
      <div className="absolute inset-0 rounded-3xl bg-linear-to-br from-brand-from to-brand-to opacity-90 shadow-xl" />
      <div className="absolute inset-0 rounded-3xl bg-[radial-gradient(circle_at_30%_20%,rgb(255_255_255/0.35),transparent_55%)]" />
      <svg
        viewBox="0 0 400 300"
        className="absolute inset-0 size-full text-white"
        fill="none"
        role="presentation"
      >
        <path
          d="M0 170 H120 L140 130 L160 210 L185 90 L210 200 L228 150 L245 170 H400"
          stroke="currentColor"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
          opacity="0.9"
        />
        <circle cx="185" cy="90" r="9" fill="currentColor" />
      </svg>
      {chips.map(({ icon: Icon, label, className }) => (
        <div
          key={label}
          className={`absolute flex items-center gap-2 rounded-full bg-background/95 px-3 py-2 font-medium text-foreground text-xs shadow-lg sm:text-sm ${className}`}
        >
          <Icon className="size-4 text-primary" />
          {label}
        </div>
      ))}
    </div>
  );
}
