import {
  APPROVED_DOCTORS,
  DEMO_LOGINS,
  DEMO_PASSWORDS,
  PATIENTS,
  PENDING_DOCTORS,
  REJECTED_DOCTOR,
} from '../../apps/server/src/seed/demo-data.ts';
import type {
  PricingSummary,
  PublicDoctor,
  SpecialtySummary,
} from '../../packages/shared/src/schemas/catalog.ts';
import type { PageResult } from '../../packages/shared/src/schemas/common.ts';
import { DEMO_URL } from '../playwright.config.ts';
import type { Role } from './accounts.ts';

/**
 * The demo app started by global-setup beside the new installation (built-in specialties only):
 * its database holds the demo data (every specialty, approved, pending and rejected doctors,
 * patients), so the catalogue and the signed-in areas show realistic content. Specs reach it through absolute URLs on DEMO_URL.
 */
export { DEMO_URL };

/** An absolute address on the demo app. */
export const demoUrl = (path: string) => new URL(path, DEMO_URL).toString();

/** A JSON answer of the demo app's public API. */
export async function demoApi<T>(path: string): Promise<T> {
  const res = await fetch(demoUrl(path), { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${path} on the demo app answered ${res.status}`);
  return (await res.json()) as T;
}

const firstWord = (name: string) => name.split(' ')[0] as string;
export const nameOf = (list: readonly { name: string; email?: string }[], email: string) => {
  const found = list.find((p) => p.email === email);
  if (!found) throw new Error(`the demo data has no account ${email}`);
  return found.name;
};

/** The fixed demo sign-ins of each role, and the greeting their dashboard opens with. */
export const DEMO_ACCOUNTS: Record<Role, { email: string; password: string; path: string; heading: string }> =
  {
    admin: {
      email: DEMO_LOGINS.admin,
      password: DEMO_PASSWORDS.admin,
      path: '/admin',
      heading: 'Olá, Administração',
    },
    doctor: {
      email: DEMO_LOGINS.doctor,
      password: DEMO_PASSWORDS.doctor,
      path: '/doctor',
      heading: `Olá, ${firstWord(nameOf(APPROVED_DOCTORS, DEMO_LOGINS.doctor))}`,
    },
    patient: {
      email: DEMO_LOGINS.patient,
      password: DEMO_PASSWORDS.patient,
      path: '/patient',
      heading: `Olá, ${firstWord(nameOf(PATIENTS, DEMO_LOGINS.patient))}`,
    },
  };

/** Doctors of the demo data the public must never see (awaiting review, or rejected). */
export const UNLISTED_DOCTORS = [...PENDING_DOCTORS, REJECTED_DOCTOR].map((d) => ({
  name: d.name,
  specialty: d.specialty,
  uf: d.uf,
  crm: d.crm,
}));

/** Public catalogue answers, typed as the app reads them; prices in centavos. */
export type { PricingSummary, PublicDoctor, SpecialtySummary };
export type DoctorPage = PageResult<PublicDoctor>;

/**
 * "R$ 1.234,56" from centavos, written out here rather than borrowed from the app, so a change in
 * the app's formatting shows up as a failure.
 */
export function reais(centavos: number): string {
  const whole = Math.floor(centavos / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$ ${whole},${String(centavos % 100).padStart(2, '0')}`;
}
