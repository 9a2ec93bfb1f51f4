import { Clock } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/use-session';
import { MARKETING_TEXT } from '../texts';

const T = MARKETING_TEXT.onDemand;

/**
 * "Pronto atendimento: fale com um médico agora". The page is rendered once for every visitor and
 * kept in the public cache, while whether a queue takes patients changes by the minute: the block
 * is sent hidden, and the page's script shows it, with the forecast, only while some specialty is
 * open now (static-page/on-demand-entry.ts). Not for a signed-in doctor or admin.
 */
export function OnDemandBanner() {
  const { user } = useSession();
  if (user && user.role !== 'patient') return null;
  return (
    <section hidden data-on-demand-entry aria-labelledby="on-demand-title" className="px-4 sm:px-6">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 rounded-2xl border border-primary/40 bg-primary/5 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <Clock aria-hidden className="mt-1 size-6 shrink-0 text-primary" />
          <div className="space-y-1">
            <h2 id="on-demand-title" className="font-semibold text-xl">
              {T.title}
            </h2>
            <p className="text-muted-foreground">{T.lead}</p>
            <p data-on-demand-eta className="font-medium" />
          </div>
        </div>
        <a href={paths.patient.onDemand.href()} className={buttonVariants({ size: 'lg' })}>
          {T.action}
        </a>
      </div>
    </section>
  );
}
