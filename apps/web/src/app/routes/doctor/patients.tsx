import { SectionPage } from '@/components/layout/section-page';
import { SECTIONS } from '@/config/sections';

export function Component() {
  return <SectionPage section={SECTIONS.doctor.patients} />;
}
