import { SECTIONS } from '@/config/sections';
import { AccessLogPage } from '@/features/data-rights';

export function Component() {
  return <AccessLogPage section={SECTIONS.patient.accessLog} />;
}
