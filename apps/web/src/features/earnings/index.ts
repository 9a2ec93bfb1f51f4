export { DoctorEarnings } from './components/doctor-earnings';
export { TaxReceipts } from './components/tax-receipts';
