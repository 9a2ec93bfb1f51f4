import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';

/** A list with nothing in it: what it will hold, and the one thing to do about it. */
export function EmptyWithAction({
  icon: Icon,
  title,
  hint,
  action,
}: {
  icon: LucideIcon;
  title: string;
  hint: string;
  action?: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <Icon aria-hidden className="size-10 text-muted-foreground" />
        <p className="font-medium">{title}</p>
        <p className="max-w-md text-muted-foreground text-sm">{hint}</p>
        {action}
      </CardContent>
    </Card>
  );
}
