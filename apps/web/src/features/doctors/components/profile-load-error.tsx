import { Button } from '@/components/ui/button';
import { DOCTORS_TEXT } from '../texts';

export function ProfileLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center" role="alert">
      <p className="font-medium">{DOCTORS_TEXT.form.loadError}</p>
      <Button variant="outline" onClick={onRetry}>
        {DOCTORS_TEXT.form.retry}
      </Button>
    </div>
  );
}
