import { withCpfCheckDigits } from '@pulsa/shared/format/cpf';
import { doctorSlug } from '@pulsa/shared/format/slug';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { doctorAvailability, doctorProfiles, specialties, userProfiles } from '../db/schema.ts';
import { hashPassword, PRODUCTION_SCRYPT_COST, type ScryptCost } from '../lib/password.ts';
import { insertAccount } from '../modules/auth/auth.service.ts';

/**
 * Factories shared by the tests and the demo data: each creates a complete, valid record and
 * accepts overrides. Passwords are real hashes so the accounts can sign in.
 */

/**
 * One hash per distinct password per process: a real scrypt hash costs about a second at today's
 * parameters, and the demo and the tests make many accounts with the same few passwords.
 */
const hashes = new Map<string, Promise<string>>();
let factoryCost: ScryptCost = PRODUCTION_SCRYPT_COST;
function factoryHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password, factoryCost);
    hashes.set(password, hash);
  }
  return hash;
}

/** The test app lowers the cost of the accounts the tests make, as testConfig does for the app. */
export function useFactoryPasswordCost(cost: ScryptCost) {
  if (cost.N === factoryCost.N && cost.r === factoryCost.r && cost.p === factoryCost.p) return;
  factoryCost = cost;
  hashes.clear();
}

let sequence = 0;
const next = () => ++sequence;

/** A CPF with valid check digits, different on every call. */
export function fakeCpf(seed = next() + Math.floor(Math.random() * 1e6)): string {
  const cpf = withCpfCheckDigits(String(100000000 + ((seed * 7919) % 899999999)));
  return /^(\d)\1{10}$/.test(cpf) ? fakeCpf(seed + 1) : cpf;
}

export interface UserOverrides {
  email?: string;
  password?: string;
  fullName?: string;
  phone?: string | null;
  cpf?: string | null;
  verified?: boolean;
}

export async function createUser(
  db: Queryable,
  role: 'admin' | 'doctor' | 'patient',
  overrides: UserOverrides = {},
) {
  const n = next();
  const email = (overrides.email ?? `${role}${n}.${Date.now().toString(36)}@exemplo.com.br`).toLowerCase();
  const password = overrides.password ?? 'senha-segura-123';
  const fullName = overrides.fullName ?? `${role === 'doctor' ? 'Dra. Helena' : 'Carlos'} Teste ${n}`;
  const id = await insertAccount(db, {
    email,
    passwordHash: await factoryHash(password),
    fullName,
    phone: overrides.phone === undefined ? '11987654321' : overrides.phone,
    cpf: overrides.cpf === undefined ? (role === 'admin' ? null : fakeCpf()) : overrides.cpf,
    role,
    verified: overrides.verified ?? true,
  });
  return { id, email, password, fullName };
}

/** A valid billing address, for boleto bookings. */
export const SAMPLE_BILLING_ADDRESS = {
  postalCode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  complement: 'apto 42',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
} as const;

export const createPatient = (db: Queryable, overrides: UserOverrides = {}) =>
  createUser(db, 'patient', overrides);
export const createAdmin = (db: Queryable, overrides: UserOverrides = {}) =>
  createUser(db, 'admin', overrides);

export interface DoctorOverrides extends UserOverrides {
  specialtyId?: string | null;
  crmNumber?: string;
  crmState?: string;
  /** Centavos. */
  consultationPrice?: number;
  bio?: string;
  verificationStatus?: 'pending' | 'approved' | 'rejected';
  /** Weekly windows; default Monday to Friday 09:00–12:00 and 14:00–18:00. */
  availability?: { dayOfWeek: number; startTime: string; endTime: string }[];
  /** Leave the professional profile empty, as right after sign-up. */
  incomplete?: boolean;
  /** What the clinical documents print (CFM 2.299/2021); null leaves it empty. */
  professionalAddress?: string | null;
  professionalPhone?: string | null;
  rqe?: string | null;
}

export async function createDoctor(db: Queryable, overrides: DoctorOverrides = {}) {
  const user = await createUser(db, 'doctor', overrides);
  const n = next();
  const crmNumber = overrides.crmNumber ?? String(100000 + n * 37);
  const crmState = overrides.crmState ?? 'SP';
  const verificationStatus = overrides.verificationStatus ?? 'approved';
  const [profile] = await db
    .insert(doctorProfiles)
    .values(
      overrides.incomplete
        ? { userId: user.id }
        : {
            userId: user.id,
            specialtyId: overrides.specialtyId ?? (await anySpecialtyId(db)),
            crmNumber,
            crmState,
            consultationPrice: overrides.consultationPrice ?? 15000,
            bio: overrides.bio ?? 'Atendimento humanizado, com foco em prevenção e acompanhamento contínuo.',
            professionalAddress:
              overrides.professionalAddress === undefined
                ? `Av. Paulista, 1000, conj. ${n} — Bela Vista, São Paulo/SP, 01310-100`
                : overrides.professionalAddress,
            professionalPhone:
              overrides.professionalPhone === undefined ? '(11) 3333-4444' : overrides.professionalPhone,
            rqe: overrides.rqe ?? null,
            verificationStatus,
            // An approved doctor has a public address, by the rule the verification service applies.
            slug: verificationStatus === 'approved' ? doctorSlug(user.fullName, crmState, crmNumber) : null,
          },
    )
    .returning({ id: doctorProfiles.id });
  const doctorId = (profile as { id: string }).id;
  if (!overrides.incomplete) {
    const windows =
      overrides.availability ??
      [1, 2, 3, 4, 5].flatMap((d) => [
        { dayOfWeek: d, startTime: '09:00', endTime: '12:00' },
        { dayOfWeek: d, startTime: '14:00', endTime: '18:00' },
      ]);
    if (windows.length) await db.insert(doctorAvailability).values(windows.map((w) => ({ doctorId, ...w })));
  }
  return { ...user, doctorId };
}

async function anySpecialtyId(db: Queryable): Promise<string> {
  const [existing] = await db.select({ id: specialties.id }).from(specialties).limit(1);
  if (existing) return existing.id;
  const [created] = await db
    .insert(specialties)
    .values({
      name: 'Clínica Geral',
      slug: 'clinica-geral',
      description: 'Atendimento geral.',
      icon: 'stethoscope',
    })
    .onConflictDoNothing()
    .returning({ id: specialties.id });
  if (created) return created.id;
  const [row] = await db
    .select({ id: specialties.id })
    .from(specialties)
    .where(eq(specialties.slug, 'clinica-geral'));
  return (row as { id: string }).id;
}

/**
 * Records an admin's verification decision on a doctor profile (with the reason the doctor reads).
 * An approval gives a complete profile its public address, as the approval itself does.
 */
export async function setDoctorVerification(
  db: Queryable,
  doctorId: string,
  status: 'pending' | 'approved' | 'rejected',
  rejectionReason: string | null = null,
) {
  const [profile] = await db
    .select({
      slug: doctorProfiles.slug,
      crmNumber: doctorProfiles.crmNumber,
      crmState: doctorProfiles.crmState,
      fullName: userProfiles.fullName,
    })
    .from(doctorProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .where(eq(doctorProfiles.id, doctorId));
  const slug =
    status === 'approved' && !profile?.slug && profile?.crmNumber && profile.crmState
      ? doctorSlug(profile.fullName, profile.crmState, profile.crmNumber)
      : undefined;
  await db
    .update(doctorProfiles)
    .set({
      verificationStatus: status,
      rejectionReason: status === 'rejected' ? rejectionReason : null,
      updatedAt: new Date(),
      ...(slug ? { slug } : {}),
    })
    .where(eq(doctorProfiles.id, doctorId));
}

/** Gives a user a profile picture (a URL the app serves). */
export async function setProfileImage(db: Queryable, userId: string, url: string | null) {
  await db
    .update(userProfiles)
    .set({ profileImageUrl: url, updatedAt: new Date() })
    .where(eq(userProfiles.id, userId));
}
