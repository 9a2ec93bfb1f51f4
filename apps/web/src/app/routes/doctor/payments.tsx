import { PageHeader } from '@/components/layout/page-header';
import { SECTIONS } from '@/config/sections';
import { DoctorEarnings } from '@/features/earnings/components/doctor-earnings';
import { TaxReceipts } from '@/features/earnings/components/tax-receipts';
import { DoctorPayoutsSection } from '@/features/payouts';

/** /doctor/payments: the doctor's earnings, the payouts sent to them and the month's receipts. */
export function Component() {
  const section = SECTIONS.doctor.payments;
  return (
    <>
      <PageHeader title={section.title} description={section.description} />
      <div className="space-y-6">
        <DoctorEarnings />
        <DoctorPayoutsSection />
        <TaxReceipts />
      </div>
    </>
  );
}
