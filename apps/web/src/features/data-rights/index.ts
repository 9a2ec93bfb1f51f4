export { AccessLogPage } from './components/access-log-page';
export { DataRightsSection } from './components/data-rights-section';
export { ProfileForm } from './components/profile-form';
