import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

/**
 * A block that may scroll sideways (a wide table, a code sample on a phone). While its content
 * overflows, the keyboard can reach it (Tab, then the arrow keys scroll) and a screen reader names
 * it, as a region with `label`; when everything fits it is a plain block, with no extra Tab stop.
 */
export function ScrollRegion({
  label,
  className,
  children,
  ...props
}: ComponentProps<'div'> & { label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const overflows = useOverflow(ref);
  return (
    <div
      ref={ref}
      {...(overflows ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
      className={cn('overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring', className)}
      {...props}
    >
      {children}
    </div>
  );
}

/** True while the element's content is wider or taller than its box. */
function useOverflow(ref: React.RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      setOverflows(
        element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
      );
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
