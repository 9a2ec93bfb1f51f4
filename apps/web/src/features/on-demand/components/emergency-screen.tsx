import { Phone, Siren } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { ON_DEMAND_TEXT } from '../texts';

const T = ON_DEMAND_TEXT.emergency;

/**
 * Where a "sim" to any red-flag question leads: SAMU 192 and the emergency room, and the CVV 188
 * for thoughts of suicide or self-harm. Never the queue: the page offers no way on from here but
 * to correct an answer given by mistake.
 */
export function EmergencyScreen({ cvv, onMistake }: { cvv: boolean; onMistake?: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the patient was on is gone: the keyboard and the screen reader start here.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card role="region" aria-labelledby="emergency-title" className="border-destructive/60">
      <CardContent className="space-y-5 p-6">
        <div className="flex items-start gap-3">
          <Siren aria-hidden className="mt-1 size-7 shrink-0 text-destructive" />
          <div className="space-y-2">
            <h2
              id="emergency-title"
              ref={heading}
              tabIndex={-1}
              className="font-semibold text-xl focus:outline-none"
            >
              {T.title}
            </h2>
            <p>{T.body}</p>
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
          <a href="tel:192" className={cn(buttonVariants({ variant: 'destructive', size: 'lg' }))}>
            <Phone aria-hidden />
            {T.samu}
          </a>
          <p className="font-medium">{T.er}</p>
        </div>
        {cvv ? (
          <section aria-labelledby="cvv-title" className="space-y-2 rounded-lg border border-border p-4">
            <h3 id="cvv-title" className="font-medium">
              {T.cvvTitle}
            </h3>
            <p className="text-sm">{T.cvv}</p>
            <a href="tel:188" className={buttonVariants({ variant: 'outline' })}>
              <Phone aria-hidden />
              {T.cvvCall}
            </a>
          </section>
        ) : null}
        {onMistake ? (
          <button
            type="button"
            onClick={onMistake}
            className="text-muted-foreground text-sm underline underline-offset-4 hover:text-foreground"
          >
            {T.mistake}
          </button>
        ) : null}
      </CardContent>
    </Card>
  );
}
