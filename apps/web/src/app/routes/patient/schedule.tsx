import { SECTIONS } from '@/config/sections';
import { SchedulePage } from '@/features/booking/components/schedule-page';

export function Component() {
  return <SchedulePage section={SECTIONS.patient.schedule} />;
}
