import type { StatusTone } from '@pulsa/shared/constants/statuses';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Tones follow the shared statuses: warning = yellow outline, success = green, danger = red. */
export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 font-medium text-xs [&_svg]:size-3',
  {
    variants: {
      tone: {
        default: 'border-transparent bg-primary text-primary-foreground',
        warning: 'border-warning/60 bg-warning/10 text-warning-text',
        success: 'border-transparent bg-success/15 text-success-text',
        danger: 'border-transparent bg-destructive/15 text-destructive-text',
        info: 'border-transparent bg-info/15 text-info-text',
        neutral: 'border-border bg-muted text-muted-foreground',
      } satisfies Record<StatusTone | 'default', string>,
    },
    defaultVariants: { tone: 'default' },
  },
);

export interface BadgeProps extends ComponentProps<'span'>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, tone, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
