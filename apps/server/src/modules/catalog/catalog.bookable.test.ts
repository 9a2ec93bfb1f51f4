import type { BookableDoctor } from '@pulsa/shared/schemas/appointments';
import type { PublicDoctor } from '@pulsa/shared/schemas/catalog';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSpecialties } from '../../db/built-in-catalogue.ts';
import { createDoctor } from '../../seed/factories.ts';
import { createTestApp } from '../../test/test-app.ts';

let app: FastifyInstance;
let withHours: string;
let withoutHours: string;

beforeAll(async () => {
  app = await createTestApp();
  const specialties = await seedSpecialties(app.db);
  const specialtyId = (specialties.get('Dermatologia') as { id: string }).id;
  // Approved, listed, and never set an opening hour: patients would meet "Sem horários livres".
  withoutHours = (await createDoctor(app.db, { fullName: 'Nádia Semhorário', specialtyId, availability: [] }))
    .doctorId;
  withHours = (await createDoctor(app.db, { fullName: 'Otávio Comhorário', specialtyId })).doctorId;
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('a doctor with no free slot in the horizon is not offered as bookable', () => {
  it('is listed on the specialty page without the booking offer', async () => {
    const res = await get('/api/specialties/dermatologia/doctors');
    expect(res.statusCode).toBe(200);
    const items: PublicDoctor[] = res.json().items;
    expect(items.find((d) => d.id === withoutHours)?.bookable).toBe(false);
    expect(items.find((d) => d.id === withHours)?.bookable).toBe(true);
  });

  it('is left out of the booking search, whatever the sort', async () => {
    for (const sort of ['name', 'price', 'next']) {
      const res = await get(`/api/booking/doctors?specialty=dermatologia&sort=${sort}`);
      expect(res.statusCode).toBe(200);
      const ids = (res.json().items as BookableDoctor[]).map((d) => d.id);
      expect(ids).toContain(withHours);
      expect(ids).not.toContain(withoutHours);
      expect(res.json().total).toBe(1);
    }
  });
});
