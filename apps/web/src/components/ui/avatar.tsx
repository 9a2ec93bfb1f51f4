import { initials } from '@pulsa/shared/format/initials';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

export interface UserAvatarProps {
  /** Full name (or email) the initials come from. */
  name?: string | null;
  imageUrl?: string | null;
  /** Shown when there is no name to take initials from, e.g. "DR". */
  fallback?: string;
  className?: string;
}

/** The picture when there is one, otherwise the initials (spec: up to two letters, uppercased). */
export function UserAvatar({ name, imageUrl, fallback = '', className }: UserAvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full bg-avatar', className)}
    >
      {imageUrl ? (
        <AvatarPrimitive.Image src={imageUrl} alt="" className="aspect-square size-full object-cover" />
      ) : null}
      <AvatarPrimitive.Fallback
        delayMs={imageUrl ? 300 : 0}
        className="flex size-full items-center justify-center font-semibold text-avatar-foreground text-xs"
      >
        {initials(name, fallback)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
