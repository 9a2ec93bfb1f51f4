export { ConsultationDocumentsButton } from './components/consultation-documents-button';
export { ConsultationDocumentsPanel } from './components/consultation-documents-panel';
export { PatientDocumentsList } from './components/patient-documents-list';
export { SignatureCard } from './components/signature-card';
export { VerifyDocumentPage } from './components/verify-document-page';
