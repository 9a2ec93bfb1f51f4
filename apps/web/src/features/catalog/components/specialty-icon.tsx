import { cn } from '@/lib/cn';
import { specialtyIcon } from '../specialty-icons';

/** The specialty's drawing in a tinted square; decorative (the name is always written beside it). */
export function SpecialtyIcon({ icon, className }: { icon: string; className?: string }) {
  const Icon = specialtyIcon(icon);
  return (
    <span
      aria-hidden
      className={cn(
        'grid size-11 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary',
        className,
      )}
    >
      <Icon className="size-5" />
    </span>
  );
}
