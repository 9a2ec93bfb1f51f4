import { Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { paths } from '@/config/paths';
import { requireArea } from '@/lib/route-guards';
import { RouterError } from './routes/errors/router-error';

/** Shown only while the first route module downloads; the page itself follows within moments. */
function InitialLoad() {
  return <div aria-hidden className="min-h-dvh" />;
}

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

const p = paths;

/**
 * Every route of the spec. Each page is a lazy module, so a visitor to the landing page downloads
 * no code of the auth screens or the signed-in areas. Area loaders guard by session and role.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <RouterError />,
    HydrateFallback: InitialLoad,
    children: [
      // Public site. The server renders these pages whole and they have no version in the app:
      // reached from inside it, they open with a full page load (decision 005).
      ...[p.home, p.specialties, p.specialty, p.doctorProfile].map((page) => ({
        path: page.path,
        lazy: () => import('./routes/public/server-page'),
      })),
      { path: p.terms.path, lazy: () => import('./routes/public/terms') },
      { path: p.privacy.path, lazy: () => import('./routes/public/privacy') },
      { path: p.help.path, lazy: () => import('./routes/public/help') },

      // Accounts
      { path: p.login.path, lazy: () => import('./routes/auth/login') },
      { path: p.register.path, lazy: () => import('./routes/auth/register') },
      { path: p.registerDoctor.path, lazy: () => import('./routes/auth/register-doctor') },
      { path: p.forgotPassword.path, lazy: () => import('./routes/auth/forgot-password') },
      { path: p.resetPassword.path, lazy: () => import('./routes/auth/reset-password') },
      { path: p.confirmEmail.path, lazy: () => import('./routes/auth/confirm-email') },
      { path: p.confirmEmailChange.path, lazy: () => import('./routes/auth/confirm-email-change') },
      { path: p.twoFactorSetup.path, lazy: () => import('./routes/auth/two-factor-setup') },

      // Admin area
      {
        path: p.admin.dashboard.path,
        loader: requireArea('admin'),
        lazy: () => import('./routes/admin/layout'),
        children: [
          { index: true, lazy: () => import('./routes/admin/dashboard') },
          { path: p.admin.doctors.path, lazy: () => import('./routes/admin/doctors') },
          { path: p.admin.doctor.path, lazy: () => import('./routes/admin/doctor') },
          { path: p.admin.patients.path, lazy: () => import('./routes/admin/patients') },
          { path: p.admin.commissions.path, lazy: () => import('./routes/admin/commissions') },
          { path: p.admin.reviews.path, lazy: () => import('./routes/admin/reviews') },
          { path: p.admin.messages.path, lazy: () => import('./routes/admin/messages') },
          { path: p.admin.consultations.path, lazy: () => import('./routes/admin/consultations') },
          { path: p.admin.payments.path, lazy: () => import('./routes/admin/payments') },
          { path: p.admin.payouts.path, lazy: () => import('./routes/admin/payouts') },
          { path: p.admin.settings.path, lazy: () => import('./routes/admin/settings') },
          { path: p.admin.importSpecialties.path, lazy: () => import('./routes/admin/import-specialties') },
          { path: p.admin.specialties.path, lazy: () => import('./routes/admin/specialties') },
          { path: p.admin.audit.path, lazy: () => import('./routes/admin/audit') },
          { path: p.admin.emails.path, lazy: () => import('./routes/admin/emails') },
          { path: p.admin.onDemand.path, lazy: () => import('./routes/admin/on-demand') },
          { path: p.admin.profile.path, lazy: () => import('./routes/admin/profile') },
        ],
      },

      // Doctor area
      {
        path: p.doctor.dashboard.path,
        loader: requireArea('doctor'),
        lazy: () => import('./routes/doctor/layout'),
        children: [
          { index: true, lazy: () => import('./routes/doctor/dashboard') },
          { path: p.doctor.completeProfile.path, lazy: () => import('./routes/doctor/complete-profile') },
          { path: p.doctor.profile.path, lazy: () => import('./routes/doctor/profile') },
          { path: p.doctor.schedule.path, lazy: () => import('./routes/doctor/schedule') },
          { path: p.doctor.appointments.path, lazy: () => import('./routes/doctor/appointments') },
          { path: p.doctor.patients.path, lazy: () => import('./routes/doctor/patients') },
          { path: p.doctor.payments.path, lazy: () => import('./routes/doctor/payments') },
          { path: p.doctor.messages.path, lazy: () => import('./routes/doctor/messages') },
          { path: p.doctor.settings.path, lazy: () => import('./routes/doctor/settings') },
          {
            path: p.doctor.consultationRecord.path,
            lazy: () => import('./routes/doctor/consultation-record'),
          },
        ],
      },

      // Patient area
      {
        path: p.patient.dashboard.path,
        loader: requireArea('patient'),
        lazy: () => import('./routes/patient/layout'),
        children: [
          { index: true, lazy: () => import('./routes/patient/dashboard') },
          { path: p.patient.schedule.path, lazy: () => import('./routes/patient/schedule') },
          { path: p.patient.onDemand.path, lazy: () => import('./routes/patient/on-demand') },
          { path: p.patient.consultations.path, lazy: () => import('./routes/patient/consultations') },
          { path: p.patient.checkout.path, lazy: () => import('./routes/patient/checkout') },
          { path: p.patient.payments.path, lazy: () => import('./routes/patient/payments') },
          { path: p.patient.invitation.path, lazy: () => import('./routes/patient/invitation') },
          { path: p.patient.messages.path, lazy: () => import('./routes/patient/messages') },
          { path: p.patient.records.path, lazy: () => import('./routes/patient/records') },
          { path: p.patient.accessLog.path, lazy: () => import('./routes/patient/access-log') },
          { path: p.patient.profile.path, lazy: () => import('./routes/patient/profile') },
          { path: p.patient.settings.path, lazy: () => import('./routes/patient/settings') },
        ],
      },

      // The consultation room (patient or doctor, inside their own area's shell)
      { path: p.consultation.path, lazy: () => import('./routes/consultation/room') },

      // Public verification of a clinical document (the QR's address): no sign-in.
      { path: p.verifyDocument.path, lazy: () => import('./routes/public/verify-document') },
      { path: p.verifyDocumentForm.path, lazy: () => import('./routes/public/verify-document') },

      { path: '*', lazy: () => import('./routes/errors/not-found') },
    ],
  },
];
