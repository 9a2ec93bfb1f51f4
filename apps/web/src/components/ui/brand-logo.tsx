import { AudioWaveform } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { usePlatform } from '@/lib/platform';

/**
 * The brand: a waveform icon (or the logo the admin set) beside the platform's name, always leading
 * to the landing page.
 */
export function BrandLogo({ className, size = 'md' }: { className?: string; size?: 'sm' | 'md' | 'lg' }) {
  const { platformName, logoUrl } = usePlatform();
  return (
    <Link
      to={paths.home.href()}
      reloadDocument
      aria-label={`${platformName}, página inicial`}
      className={cn(
        'inline-flex items-center gap-2 rounded-md font-bold tracking-tight',
        SIZES[size].text,
        className,
      )}
    >
      {logoUrl ? (
        <img src={logoUrl} alt="" className={cn('rounded-lg object-contain', SIZES[size].box)} />
      ) : (
        <span
          aria-hidden
          className={cn(
            'grid place-items-center rounded-lg bg-linear-to-br from-brand-from to-brand-to text-white shadow-sm',
            SIZES[size].box,
          )}
        >
          <AudioWaveform className={SIZES[size].icon} strokeWidth={2.25} />
        </span>
      )}
      <span className="bg-linear-to-r from-brand-from to-brand-to bg-clip-text text-transparent">
        {platformName}
      </span>
    </Link>
  );
}

const SIZES = {
  sm: { text: 'text-lg', box: 'size-7', icon: 'size-4' },
  md: { text: 'text-xl', box: 'size-8', icon: 'size-5' },
  lg: { text: 'text-2xl', box: 'size-10', icon: 'size-6' },
} as const;
