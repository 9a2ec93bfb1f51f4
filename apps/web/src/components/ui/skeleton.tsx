import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A grey placeholder block while real content loads; hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
