import { createHash } from 'node:crypto';
import type { Bundle, Practitioner, Resource } from '@medplum/fhirtypes';
import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { doctorProfiles, specialties, userProfiles, userRoles } from '../../db/schema.ts';

/**
 * The export's resources as one FHIR R4 Bundle a hospital system can read (decision 128): every
 * entry has a `urn:uuid` fullUrl, every reference points at one of them, and every doctor named
 * is a Practitioner of the Bundle. The sections write plain "Type/id" references; this is the one
 * place that turns them into the Bundle's own addresses.
 */

/** A stable UUID for "Type/id" (name-based, RFC 4122 version 5 layout over SHA-1). */
export function uuidFor(key: string): string {
  const hash = createHash('sha1').update(`pulsa-export:${key}`).digest();
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Every object holding a `reference` string, at any depth of a resource. */
function referenceHolders(value: unknown, out: Array<{ reference?: string; display?: string }> = []) {
  if (Array.isArray(value)) for (const inner of value) referenceHolders(inner, out);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.reference === 'string') out.push(record as { reference: string });
    for (const inner of Object.values(record)) referenceHolders(inner, out);
  }
  return out;
}

const keyOf = (resource: Resource) => `${resource.resourceType}/${resource.id ?? ''}`;

/**
 * The Practitioners the resources name but do not hold: each doctor, with name and CRM. A
 * reference to someone who is not a doctor (the platform's staff in the access log) keeps only
 * their name: they are not a Practitioner.
 */
async function missingPractitioners(db: Queryable, resources: Resource[]) {
  const present = new Set(resources.map(keyOf));
  const wanted = new Set<string>();
  for (const resource of resources)
    for (const holder of referenceHolders(resource))
      if (holder.reference?.startsWith('Practitioner/') && !present.has(holder.reference))
        wanted.add(holder.reference.slice('Practitioner/'.length));
  if (wanted.size === 0) return { practitioners: [] as Practitioner[], staff: new Map<string, string>() };
  const rows = await db
    .select({
      id: userProfiles.id,
      name: userProfiles.fullName,
      role: userRoles.role,
      crmNumber: doctorProfiles.crmNumber,
      crmState: doctorProfiles.crmState,
      specialty: specialties.name,
    })
    .from(userProfiles)
    .innerJoin(userRoles, eq(userRoles.userId, userProfiles.id))
    .leftJoin(doctorProfiles, eq(doctorProfiles.userId, userProfiles.id))
    .leftJoin(specialties, eq(specialties.id, doctorProfiles.specialtyId))
    .where(inArray(userProfiles.id, [...wanted]));
  const practitioners: Practitioner[] = [];
  const staff = new Map<string, string>();
  for (const row of rows) {
    if (row.role !== 'doctor') {
      staff.set(row.id, `${row.name} (equipe Pulsa)`);
      continue;
    }
    practitioners.push({
      resourceType: 'Practitioner',
      id: row.id,
      identifier: row.crmNumber
        ? [{ system: `urn:brasil:crm:${row.crmState ?? ''}`, value: row.crmNumber }]
        : undefined,
      name: [{ text: row.name }],
      ...(row.specialty ? { qualification: [{ code: { text: row.specialty } }] } : {}),
    });
  }
  return { practitioners, staff };
}

/** The Bundle of type "collection" holding the resources, with fullUrls and references resolved. */
export async function assembleBundle(db: Queryable, collected: Resource[], now: Date): Promise<Bundle> {
  const { practitioners, staff } = await missingPractitioners(db, collected);
  const resources = [...collected, ...practitioners];
  const urls = new Map(resources.map((r) => [keyOf(r), `urn:uuid:${uuidFor(keyOf(r))}`]));
  for (const resource of resources)
    for (const holder of referenceHolders(resource)) {
      const reference = holder.reference as string;
      const url = urls.get(reference);
      if (url) {
        holder.reference = url;
        continue;
      }
      const staffName = reference.startsWith('Practitioner/')
        ? staff.get(reference.slice('Practitioner/'.length))
        : undefined;
      if (staffName) {
        delete holder.reference;
        holder.display = holder.display ?? staffName;
      }
    }
  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: now.toISOString(),
    entry: resources.map((resource) => ({ fullUrl: urls.get(keyOf(resource)), resource })),
  };
}
