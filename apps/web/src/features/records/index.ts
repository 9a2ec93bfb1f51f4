/**
 * The public entry of the clinical record feature: the record panel (room and consultation page),
 * the CID-10 combobox, the doctor's to-do of unsigned records, the patient's share settings and
 * their read-only view of a signed record.
 */
export { Cid10Combobox } from './components/cid10-combobox';
export { PendingRecordsCard } from './components/pending-records-card';
export { RecordPanel } from './components/record-panel';
export { RecordSharesCard } from './components/record-shares-card';
export { SignedRecordView } from './components/signed-record-view';
export { RECORD_TEXT } from './texts';
