import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { NavItem } from '@/config/navigation';
import { cn } from '@/lib/cn';

/** The area's links; the current page is marked for sight and for screen readers. */
export function SidebarNav({
  items,
  label,
  onNavigate,
  badges,
}: {
  items: NavItem[];
  label: string;
  onNavigate?: () => void;
  /** Something shown after an item's label (a count), by the item's href. */
  badges?: Partial<Record<string, ReactNode>>;
}) {
  return (
    <nav aria-label={label} className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {items.map((item) => (
          <li key={item.href}>
            <NavLink
              to={item.href}
              end={item.end}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2 font-medium text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  isActive
                    ? 'bg-primary/10 text-primary'
                    : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
                )
              }
            >
              <item.icon aria-hidden className="size-4 shrink-0" />
              {item.label}
              {badges?.[item.href]}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
