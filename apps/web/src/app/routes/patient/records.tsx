import { SECTIONS } from '@/config/sections';
import { HealthSpacePage } from '@/features/health-space';

// Slots for the signed record and the documents are passed here once those parts exist:
// <HealthSpacePage slots={{ record: (id) => …, documents: (id) => … }} />
export function Component() {
  return <HealthSpacePage section={SECTIONS.patient.records} />;
}
