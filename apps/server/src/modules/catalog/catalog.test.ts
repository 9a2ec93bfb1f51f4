import type { PublicDoctor, PublicDoctorProfile, SpecialtySummary } from '@pulsa/shared/schemas/catalog';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSpecialties } from '../../db/built-in-catalogue.ts';
import { doctorAvailability, doctorProfiles } from '../../db/schema.ts';
import { createDoctor, setDoctorVerification, setProfileImage } from '../../seed/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { shortBio } from './catalog.service.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('on an empty database', () => {
  it('lists no specialties and reports no prices instead of zeros', async () => {
    const list = await get('/api/specialties');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ items: [] });

    const pricing = await get('/api/catalog/pricing');
    expect(pricing.statusCode).toBe(200);
    expect(pricing.json()).toEqual({ doctorCount: 0, minPrice: null, maxPrice: null, medianPrice: null });
  });

  it('answers 404 in Portuguese for an unknown specialty and its doctors', async () => {
    for (const url of ['/api/specialties/cardiologia', '/api/specialties/cardiologia/doctors']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Especialidade não encontrada.' });
    }
  });
});

describe('with specialties and doctors', () => {
  let ids: Map<string, { id: string }>;
  const visible: Record<string, string> = {};

  beforeAll(async () => {
    ids = await seedSpecialties(app.db);
    const cardio = ids.get('Cardiologia')?.id as string;
    const neuro = ids.get('Neurologia')?.id as string;

    const a = await createDoctor(app.db, {
      fullName: 'Ângela Moreira',
      specialtyId: cardio,
      consultationPrice: 20000,
    });
    const b = await createDoctor(app.db, {
      fullName: 'Bruno Teixeira',
      specialtyId: cardio,
      consultationPrice: 10000,
      crmNumber: '998877',
      crmState: 'RJ',
      bio: `Cardiologista com residência no Rio de Janeiro. ${'Acompanho pacientes com hipertensão e arritmias. '.repeat(10)}`,
    });
    const c = await createDoctor(app.db, {
      fullName: 'Carla Dias',
      specialtyId: cardio,
      consultationPrice: 45000,
    });
    await setProfileImage(app.db, c.id, '/uploads/avatars/carla.png');
    const d = await createDoctor(app.db, {
      fullName: 'Diego Ramos',
      specialtyId: neuro,
      consultationPrice: 8000,
    });
    Object.assign(visible, { a: a.doctorId, b: b.doctorId, c: c.doctorId, d: d.doctorId });

    // Never public: awaiting review, rejected, approved but missing CRM, and a bare sign-up.
    await createDoctor(app.db, {
      fullName: 'Pedro Pendente',
      specialtyId: cardio,
      verificationStatus: 'pending',
    });
    const rejected = await createDoctor(app.db, { fullName: 'Rita Recusada', specialtyId: cardio });
    await setDoctorVerification(app.db, rejected.doctorId, 'rejected', 'CRM não confere com o nome.');
    const incomplete = await createDoctor(app.db, {
      fullName: 'Igor Incompleto',
      specialtyId: cardio,
      consultationPrice: 1000,
    });
    await app.db
      .update(doctorProfiles)
      .set({ crmNumber: null })
      .where(eq(doctorProfiles.id, incomplete.doctorId));
    visible.igor = incomplete.doctorId;
    const bare = await createDoctor(app.db, { fullName: 'Vera Vazia', incomplete: true });
    await setDoctorVerification(app.db, bare.doctorId, 'approved');
  });

  it('lists all 51 specialties in alphabetical order with live counts of approved doctors only', async () => {
    const res = await get('/api/specialties');
    expect(res.statusCode).toBe(200);
    const items: SpecialtySummary[] = res.json().items;
    expect(items).toHaveLength(51);
    expect(items[0]?.name).toBe('Acupuntura');
    const byName = new Map(items.map((s) => [s.name, s]));
    expect(byName.get('Cardiologia')).toMatchObject({
      slug: 'cardiologia',
      icon: 'heart-pulse',
      doctorCount: 3,
      description: expect.stringContaining('coração'),
    });
    expect(byName.get('Neurologia')?.doctorCount).toBe(1);
    expect(byName.get('Pediatria')?.doctorCount).toBe(0);
    expect(items.reduce((sum, s) => sum + s.doctorCount, 0)).toBe(4);
  });

  it('searches name and description without caring for case or accents', async () => {
    const names = async (q: string) =>
      ((await get(`/api/specialties?q=${encodeURIComponent(q)}`)).json().items as SpecialtySummary[]).map(
        (s) => s.name,
      );
    expect(await names('cardio')).toEqual(['Cardiologia', 'Cirurgia Cardiovascular']);
    expect(await names('CLINICA geral')).toEqual(['Clínica Geral']);
    expect(await names('pulmoes')).toEqual(expect.arrayContaining(['Pneumologia', 'Cirurgia Torácica']));
    expect(await names('%')).toEqual([]);
    expect(await names('   ')).toHaveLength(51);
  });

  it('keeps only specialties with listed doctors when asked', async () => {
    const res = await get('/api/specialties?withDoctors=true');
    expect((res.json().items as SpecialtySummary[]).map((s) => s.name)).toEqual([
      'Cardiologia',
      'Neurologia',
    ]);
    expect((await get('/api/specialties?withDoctors=true&q=neuro')).json().items).toHaveLength(1);
    const bad = await get('/api/specialties?withDoctors=sim');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Filtro inválido');
  });

  it('returns one specialty with its count', async () => {
    const res = await get('/api/specialties/cardiologia');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Cardiologia', slug: 'cardiologia', doctorCount: 3 });
  });

  it('lists only approved doctors with a complete profile, with the public fields', async () => {
    const res = await get('/api/specialties/cardiologia/doctors');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 10, pageCount: 1 });
    const items: PublicDoctor[] = page.items;
    expect(items.map((d) => d.name)).toEqual(
      ['Bruno Teixeira', 'Carla Dias', 'Ângela Moreira'].sort(comparePt),
    );
    const bruno = items.find((d) => d.id === visible.b);
    expect(bruno).toMatchObject({
      crmNumber: '998877',
      crmState: 'RJ',
      consultationPrice: 10000,
      photoUrl: null,
    });
    expect(bruno?.bio?.length).toBeLessThanOrEqual(221);
    expect(bruno?.bio?.endsWith('…')).toBe(true);
    expect(items.find((d) => d.id === visible.c)?.photoUrl).toBe('/uploads/avatars/carla.png');
    // Nothing private leaks into the public answer.
    expect(Object.keys(bruno ?? {}).sort()).toEqual(
      [
        'bio',
        'bookable',
        'consultationPrice',
        'crmNumber',
        'crmState',
        'id',
        'name',
        'photoUrl',
        'rating',
        'slug',
      ].sort(),
    );
  });

  it('sorts by price and searches by name', async () => {
    const byPrice = (await get('/api/specialties/cardiologia/doctors?sort=price&order=desc')).json();
    expect(byPrice.items.map((d: PublicDoctor) => d.consultationPrice)).toEqual([45000, 20000, 10000]);
    const search = (await get('/api/specialties/cardiologia/doctors?q=angela')).json();
    expect(search.items.map((d: PublicDoctor) => d.name)).toEqual(['Ângela Moreira']);
    expect(search.total).toBe(1);
  });

  it('refuses an invalid page size or sort with a Portuguese message', async () => {
    const size = await get('/api/specialties/cardiologia/doctors?pageSize=7');
    expect(size.statusCode).toBe(400);
    expect(size.json().message).toBe('Tamanho de página inválido');
    const sort = await get('/api/specialties/cardiologia/doctors?sort=password');
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toBe('Ordenação inválida');
  });

  it('summarises the prices of approved doctors only', async () => {
    const res = await get('/api/catalog/pricing');
    expect(res.json()).toEqual({ doctorCount: 4, minPrice: 8000, maxPrice: 45000, medianPrice: 15000 });
  });

  it('paginates on the server', async () => {
    const pediatria = ids.get('Pediatria')?.id as string;
    for (let i = 0; i < 12; i++) {
      await createDoctor(app.db, {
        fullName: `Pediatra ${String(i + 1).padStart(2, '0')}`,
        specialtyId: pediatria,
        consultationPrice: 10000 + i * 1000,
      });
    }
    const first = (await get('/api/specialties/pediatria/doctors?pageSize=10')).json();
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10, pageCount: 2 });
    expect(first.items).toHaveLength(10);
    const second = (await get('/api/specialties/pediatria/doctors?page=2&pageSize=10')).json();
    expect(second.items.map((d: PublicDoctor) => d.name)).toEqual(['Pediatra 11', 'Pediatra 12']);
    const beyond = (await get('/api/specialties/pediatria/doctors?page=5')).json();
    expect(beyond).toMatchObject({ items: [], total: 12, page: 5 });
    expect((await get('/api/specialties/pediatria')).json().doctorCount).toBe(12);
  });

  it("answers an approved doctor's public profile by the slug of their page, and nothing private", async () => {
    const res = await get('/api/catalog/doctors/bruno-teixeira-crm-rj-998877');
    expect(res.statusCode).toBe(200);
    const profile: PublicDoctorProfile = res.json();
    expect(profile).toMatchObject({
      id: visible.b,
      slug: 'bruno-teixeira-crm-rj-998877',
      name: 'Bruno Teixeira',
      crmNumber: '998877',
      crmState: 'RJ',
      consultationPrice: 10000,
      consultationMinutes: 30,
      specialty: { name: 'Cardiologia', slug: 'cardiologia', icon: 'heart-pulse', active: true },
      education: null,
      professionalExperience: null,
    });
    // The whole bio, not the card's start.
    expect(profile.bio?.length).toBeGreaterThan(300);
    expect(Object.keys(profile).sort()).toEqual(
      [
        'bio',
        'consultationMinutes',
        'consultationPrice',
        'crmNumber',
        'crmState',
        'education',
        'id',
        'name',
        'photoUrl',
        'professionalExperience',
        'slug',
        'specialty',
        'timeZone',
        'nextAvailableDays',
        'rating',
        'reviews',
      ].sort(),
    );
    // The factory's weekday agenda: the next three days with free slots, each on the doctor's clock.
    expect(profile.timeZone).toBe('America/Sao_Paulo');
    expect(profile.nextAvailableDays).toHaveLength(3);
    for (const day of profile.nextAvailableDays) {
      expect(day.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(day.times.length).toBeGreaterThan(0);
      expect(day.times.every((t) => /^\d{2}:[03]0$/.test(t))).toBe(true);
      expect(day.total).toBeGreaterThanOrEqual(day.times.length);
    }
    const listed = (await get('/api/specialties/cardiologia/doctors')).json().items as PublicDoctor[];
    expect(listed.find((d) => d.id === visible.b)?.slug).toBe('bruno-teixeira-crm-rj-998877');
  });

  it("follows the doctor's agenda: no free day once every weekly window is off", async () => {
    const url = '/api/catalog/doctors/bruno-teixeira-crm-rj-998877';
    expect((await get(url)).json().nextAvailableDays.length).toBeGreaterThan(0);
    await app.db
      .update(doctorAvailability)
      .set({ isAvailable: false })
      .where(eq(doctorAvailability.doctorId, visible.b as string));
    try {
      // The agenda's change reaches the shared cache of anonymous answers too (on PostgreSQL the
      // change notice arrives a few milliseconds after the commit).
      await expect.poll(async () => (await get(url)).json().nextAvailableDays).toEqual([]);
    } finally {
      await app.db
        .update(doctorAvailability)
        .set({ isAvailable: true })
        .where(eq(doctorAvailability.doctorId, visible.b as string));
    }
  });

  it('answers 404 for an unknown slug and for any doctor the public may not see', async () => {
    const slugs = ['ninguem-crm-sp-1', 'pedro-pendente', 'x'.repeat(90)];
    const hidden = await app.db
      .select({ slug: doctorProfiles.slug, status: doctorProfiles.verificationStatus })
      .from(doctorProfiles);
    // Never approved: no public address. Approved then rejected: the address stays, the page goes.
    expect(hidden.filter((d) => d.status === 'pending').every((d) => d.slug === null)).toBe(true);
    const rejected = hidden.find((d) => d.status === 'rejected');
    expect(rejected?.slug).toMatch(/^rita-recusada-crm-sp-\d+$/);
    slugs.push(rejected?.slug as string);
    for (const slug of slugs) {
      const res = await get(`/api/catalog/doctors/${slug}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Médico não encontrado.' });
    }
    // Approved, with an address, but the CRM missing: not listed, so no page either.
    const [igor] = await app.db
      .select({ slug: doctorProfiles.slug })
      .from(doctorProfiles)
      .where(eq(doctorProfiles.id, visible.igor as string));
    expect(igor?.slug).toMatch(/^igor-incompleto-crm-sp-\d+$/);
    expect((await get(`/api/catalog/doctors/${igor?.slug}`)).statusCode).toBe(404);
  });

  it('stops listing a doctor as soon as an admin suspends the approval', async () => {
    await setDoctorVerification(app.db, visible.d as string, 'pending');
    expect((await get('/api/specialties/neurologia')).json().doctorCount).toBe(0);
    expect((await get('/api/specialties/neurologia/doctors')).json()).toMatchObject({
      items: [],
      total: 0,
      pageCount: 0,
    });
    const diego = await app.db
      .select({ slug: doctorProfiles.slug })
      .from(doctorProfiles)
      .where(eq(doctorProfiles.id, visible.d as string));
    expect((await get(`/api/catalog/doctors/${diego[0]?.slug}`)).statusCode).toBe(404);
  });
});

describe('shortBio', () => {
  it('keeps short bios, cuts long ones at a word and drops empty ones', () => {
    expect(shortBio('  Atendimento   humanizado. ')).toBe('Atendimento humanizado.');
    expect(shortBio('palavra '.repeat(60), 30)).toBe('palavra palavra palavra…');
    expect(shortBio('   ')).toBeNull();
    expect(shortBio(null)).toBeNull();
  });
});

function comparePt(a: string, b: string) {
  return a.localeCompare(b, 'pt-BR');
}
