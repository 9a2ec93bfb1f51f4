import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { ScrollRegion } from './scroll-region';

/**
 * Plain table semantics with the kit's look; DataTable builds on these. A table wider than the
 * screen scrolls in a region named after it (`aria-label`, else `scrollLabel`), reachable by keyboard.
 */
export function Table({
  className,
  scrollLabel,
  ...props
}: ComponentProps<'table'> & { scrollLabel?: string }) {
  return (
    <ScrollRegion label={props['aria-label'] ?? scrollLabel ?? 'Tabela'} className="relative w-full">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </ScrollRegion>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr className={cn('border-border border-b transition-colors hover:bg-muted/50', className)} {...props} />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      className={cn(
        'h-11 whitespace-nowrap px-3 text-left align-middle font-medium text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-3 align-middle', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-muted-foreground text-sm', className)} {...props} />;
}
