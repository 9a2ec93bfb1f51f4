import { Button } from '@/components/ui/button';
import { CATALOG_TEXT } from '../texts';

/** A failed request, said plainly, with a way to ask again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-destructive/30 bg-destructive/5 p-6 text-center">
      <p className="font-medium">{message}</p>
      <Button variant="outline" size="sm" className="mt-4" onClick={onRetry}>
        {CATALOG_TEXT.retry}
      </Button>
    </div>
  );
}
