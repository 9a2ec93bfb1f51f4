import { Barcode, Check, CreditCard, QrCode, Tag, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { landingAnchors } from '@/config/paths';
import { MARKETING_TEXT } from '../texts';
import { LandingSection } from './landing-section';

const T = MARKETING_TEXT.pricing;
const METHOD_ICONS = [CreditCard, QrCode, Barcode];

function PricingCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm">
      <div className="flex items-center gap-3">
        <span aria-hidden className="grid size-10 place-items-center rounded-lg bg-primary/10 text-primary">
          {icon}
        </span>
        <h3 className="font-semibold text-lg">{title}</h3>
      </div>
      <div className="mt-5 flex-1">{children}</div>
    </div>
  );
}

/** The real price range (slot filled from the catalogue), the payment methods and who pays the commission. */
export function PricingSection({ priceRange }: { priceRange: ReactNode }) {
  return (
    <LandingSection
      id={landingAnchors.pricing}
      eyebrow={T.eyebrow}
      title={T.title}
      description={T.description}
    >
      <div className="grid gap-6 lg:grid-cols-3">
        <PricingCard icon={<Tag className="size-5" />} title={T.rangeTitle}>
          {priceRange}
        </PricingCard>
        <PricingCard icon={<Wallet className="size-5" />} title={T.methodsTitle}>
          <ul className="space-y-4">
            {T.methods.map((method, index) => {
              const Icon = METHOD_ICONS[index] ?? CreditCard;
              return (
                <li key={method.title} className="flex gap-3">
                  <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
                  <div>
                    <p className="font-medium text-sm">{method.title}</p>
                    <p className="text-muted-foreground text-sm">{method.text}</p>
                  </div>
                </li>
              );
            })}
          </ul>
          <p className="mt-5 border-border border-t pt-4 text-muted-foreground text-xs">{T.holdNote}</p>
        </PricingCard>
        <PricingCard icon={<Check className="size-5" />} title={T.feesTitle}>
          <ul className="space-y-3">
            {T.fees.map((fee) => (
              <li key={fee} className="flex gap-2 text-sm">
                <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                {fee}
              </li>
            ))}
          </ul>
        </PricingCard>
      </div>
    </LandingSection>
  );
}
