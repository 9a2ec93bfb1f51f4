import { PageHeader } from '@/components/layout/page-header';
import { SECTIONS } from '@/config/sections';
import { DoctorPayoutsSection } from '@/features/payouts';

export function Component() {
  const section = SECTIONS.doctor.payments;
  return (
    <>
      <PageHeader title={section.title} description={section.description} />
      <DoctorPayoutsSection />
    </>
  );
}
