/**
 * Every route of the app, written once. Components build links with `href()`, the router reads
 * `path`; no URL is typed as a string literal anywhere else.
 */
const route = (path: string) => ({ path, href: () => path });

export const paths = {
  home: route('/'),
  specialties: route('/specialties'),
  specialty: {
    path: '/specialties/:slug',
    href: (slug: string) => `/specialties/${encodeURIComponent(slug)}`,
  },
  /** An approved doctor's public page. */
  doctorProfile: {
    path: '/medicos/:slug',
    href: (slug: string) => `/medicos/${encodeURIComponent(slug)}`,
  },
  terms: route('/terms'),
  privacy: route('/privacy'),
  help: route('/help'),
  /** Public verification of a clinical document by its code (the QR's address). */
  verifyDocument: {
    path: '/verificar/:codigo',
    href: (code?: string) => (code ? `/verificar/${encodeURIComponent(code)}` : '/verificar'),
  },
  verifyDocumentForm: route('/verificar'),

  login: {
    path: '/login',
    /** `redirect` brings the visitor back to the page that asked them to sign in. */
    href: (redirect?: string) => (redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'),
  },
  register: route('/register'),
  registerDoctor: route('/register-doctor'),
  forgotPassword: route('/forgot-password'),
  resetPassword: route('/reset-password'),
  confirmEmail: route('/confirm-email'),
  confirmEmailChange: route('/confirm-email-change'),
  /** Where an admin without two-factor sign-in is sent before anything else. */
  twoFactorSetup: {
    path: '/two-factor-setup',
    href: (redirect?: string) =>
      redirect ? `/two-factor-setup?redirect=${encodeURIComponent(redirect)}` : '/two-factor-setup',
  },

  admin: {
    dashboard: route('/admin'),
    doctors: route('/admin/doctors'),
    doctor: {
      path: '/admin/doctors/:doctorId',
      href: (doctorId: string) => `/admin/doctors/${encodeURIComponent(doctorId)}`,
    },
    patients: route('/admin/patients'),
    commissions: route('/admin/commissions'),
    reviews: route('/admin/reviews'),
    consultations: route('/admin/consultations'),
    payments: route('/admin/payments'),
    payouts: route('/admin/payouts'),
    settings: route('/admin/settings'),
    profile: route('/admin/profile'),
    importSpecialties: route('/admin/import-specialties'),
    specialties: route('/admin/specialties'),
    audit: route('/admin/audit'),
    emails: route('/admin/emails'),
    /** Pronto atendimento: each specialty's queue settings and live board. */
    onDemand: route('/admin/pronto-atendimento'),
    /** Reported messages (the only message text an admin reads). */
    messages: route('/admin/messages'),
  },
  doctor: {
    dashboard: route('/doctor'),
    completeProfile: route('/doctor/complete-profile'),
    profile: route('/doctor/profile'),
    schedule: route('/doctor/schedule'),
    appointments: route('/doctor/appointments'),
    patients: route('/doctor/patients'),
    payments: route('/doctor/payments'),
    messages: route('/doctor/messages'),
    settings: route('/doctor/settings'),
    /** The record of one consultation (write, sign, addenda) after the call. */
    consultationRecord: {
      path: '/doctor/consultations/:id/record',
      href: (appointmentId: string) => `/doctor/consultations/${encodeURIComponent(appointmentId)}/record`,
    },
  },
  /** The consultation room, for the appointment's patient and doctor. */
  consultation: {
    path: '/consulta/:id',
    href: (appointmentId: string) => `/consulta/${encodeURIComponent(appointmentId)}`,
  },
  patient: {
    dashboard: route('/patient'),
    schedule: route('/patient/schedule'),
    /** Pronto atendimento: join a specialty's queue, wait, be called. */
    onDemand: route('/patient/pronto-atendimento'),
    consultations: route('/patient/consultations'),
    /** Paying for a held slot, until the request reaches the doctor. */
    checkout: {
      path: '/patient/consultations/:id/pagamento',
      href: (appointmentId: string) =>
        `/patient/consultations/${encodeURIComponent(appointmentId)}/pagamento`,
    },
    payments: route('/patient/payments'),
    /** A doctor's invitation to their patient list, opened from the e-mailed link (`?token=…`). */
    invitation: route('/patient/convite'),
    messages: route('/patient/messages'),
    /** The health space: consultations with guidance, files, chat, record and documents. */
    records: route('/patient/records'),
    /** "Quem acessou meus dados". */
    accessLog: route('/patient/access-log'),
    profile: route('/patient/profile'),
    settings: route('/patient/settings'),
  },
} as const;

/**
 * Every route pattern in `paths`, read from the table above — the router's routes are these
 * (app/routes.tsx) and the server answers 404 for any other address (plugins/web-app.ts).
 */
export const routePatterns: readonly string[] = collectPatterns(paths);

function collectPatterns(tree: object): string[] {
  return Object.values(tree).flatMap((entry: object) =>
    'path' in entry && typeof entry.path === 'string' ? [entry.path] : collectPatterns(entry),
  );
}

/** A pattern as the router matches it: any case, trailing slashes allowed, `:param` one segment. */
function patternRegExp(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/*$`, 'i');
}

const routeRegExps = routePatterns.map(patternRegExp);

/** True when the app has a page at this path (no query, no fragment); false for its not-found page. */
export function isAppRoute(pathname: string): boolean {
  return routeRegExps.some((pattern) => pattern.test(pathname));
}

/** Landing sections the header and hero link to (spec: how-it-works, specialties, for-doctors, pricing). */
export const landingAnchors = {
  howItWorks: 'how-it-works',
  specialties: 'specialties',
  forDoctors: 'for-doctors',
  pricing: 'pricing',
} as const;

/** True when a redirect target is a path on this site (never `//host` or an absolute URL). */
export function isSafeRedirect(target: string | null | undefined): target is string {
  return !!target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
}
