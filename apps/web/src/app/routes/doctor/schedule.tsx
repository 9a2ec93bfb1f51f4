import { SECTIONS } from '@/config/sections';
import { SchedulePage } from '@/features/agenda/components/schedule-page';

export function Component() {
  return <SchedulePage section={SECTIONS.doctor.schedule} />;
}
