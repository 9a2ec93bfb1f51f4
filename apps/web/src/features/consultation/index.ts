/** The public entry of the consultation feature: what other features may show of it. */
export { ConsentNotice } from './components/consent-notice';
