/** Business constants from the spec (section 9) and the product brief. */
export const BRAND_NAME = 'Pulsa';
export const THEME_STORAGE_KEY = 'pulsa-theme';

export const MIN_PASSWORD_LENGTH = 6;
export const MIN_NAME_LENGTH = 3;
export const MIN_PHONE_DIGITS = 10;
export const CPF_DIGITS = 11;

export const DEFAULT_COMMISSION_PERCENT = 10;
export const DEFAULT_SMTP_PORT = 587;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
export const DEFAULT_CONSULTATION_MINUTES = 30;
/** The highest consultation price a doctor may set, in centavos (R$ 100.000,00). */
export const MAX_CONSULTATION_PRICE = 10_000_000;

export const TOAST_DURATION_MS = 5000;
export const RESET_REDIRECT_MS = 2000;
export const DASHBOARD_RECENT_ITEMS = 5;
export const PAGE_SIZE_OPTIONS = [10, 20, 30, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Auth token lifetimes. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const SESSION_TTL_DAYS = 30;

/** Account security (decision 035): session lifetimes, re-authentication and two-factor limits. */
export const MIN_NEW_PASSWORD_LENGTH = 8;
export const SESSION_IDLE_MINUTES = { admin: 30, doctor: 12 * 60, patient: 12 * 60 } as const;
export const SESSION_ABSOLUTE_HOURS = { admin: 12, doctor: 30 * 24, patient: 30 * 24 } as const;
export const REAUTH_WINDOW_MINUTES = 10;
export const SIGN_IN_CHALLENGE_MINUTES = 5;
export const SIGN_IN_CHALLENGE_ATTEMPTS = 5;
export const TRUSTED_DEVICE_DAYS = 30;
export const RECOVERY_CODE_COUNT = 10;
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** A doctor adding patients (decision 047): the invitation's lifetime and the doctor's hourly quota. */
export const DOCTOR_INVITATION_TTL_DAYS = 7;
export const DOCTOR_PATIENT_ADDS_PER_HOUR = 20;
