import { SETTINGS_MESSAGES } from '@pulsa/shared/schemas/settings';
import { Wrench } from 'lucide-react';
import { usePlatform } from '@/lib/platform';

/**
 * Maintenance mode (the platform settings): a band above every page — the public site, pages the
 * server renders whole, and the signed-in areas. New bookings are refused meanwhile; what is
 * booked goes on, and the band says so.
 */
export function MaintenanceBanner() {
  const { maintenanceMode } = usePlatform();
  if (!maintenanceMode) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-warning/60 border-b bg-warning/15 px-4 py-2 text-center text-warning-text text-sm"
    >
      <Wrench aria-hidden className="size-4 shrink-0" />
      <p>{SETTINGS_MESSAGES.maintenanceBanner}</p>
    </div>
  );
}
