/**
 * The public entry of the account feature: the pieces other features share with the account's
 * security settings (the password strength hint of sign-up and reset; the identity check before a
 * sensitive change, which the team's money settings use too). Everything else in this folder is
 * its own.
 */
export { PasswordStrengthHint } from './components/password-strength';
export { ReauthCancelled, ReauthProvider, useReauthGuard } from './components/reauth';
