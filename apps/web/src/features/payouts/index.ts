export { AdminPayoutsPage } from './components/admin-payouts-page';
export { DoctorPayoutsSection } from './components/doctor-payouts-section';
export { PayoutCard } from './components/payout-card';
