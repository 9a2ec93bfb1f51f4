import { initials } from '@pulsa/shared/format/initials';
import { cn } from '@/lib/cn';

/**
 * A person's photo over their initials, as plain markup for the server-rendered pages: a picture
 * that fails to load (empty alt) leaves the initials showing, with no script.
 */
export function PersonPhoto({
  name,
  imageUrl,
  className,
}: {
  name: string;
  imageUrl: string | null;
  className?: string;
}) {
  return (
    <span className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full bg-avatar', className)}>
      <span
        aria-hidden
        className="flex size-full items-center justify-center font-semibold text-avatar-foreground"
      >
        {initials(name)}
      </span>
      {imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          width={96}
          height={96}
          className="absolute inset-0 aspect-square size-full object-cover"
        />
      ) : null}
    </span>
  );
}
