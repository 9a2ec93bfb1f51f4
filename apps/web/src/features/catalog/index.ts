/**
 * The public entry of the catalog feature: what other features use of the public catalogue (the
 * specialty list behind the booking filters). Everything else in this folder is its own.
 */
export { useSpecialties } from './api/get-specialties';
/** The drawing of a specialty's icon, for the admin's list of specialties. */
export { SpecialtyIcon } from './components/specialty-icon';
