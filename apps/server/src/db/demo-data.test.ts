import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { testDatabase } from '../test/test-database.ts';
import { APPROVED_DOCTORS, DEMO_LOGINS, DEMO_PASSWORDS, prepareDemoData } from './demo-data.ts';
import { createPatient } from './factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

describe('demo data', () => {
  it('fills an empty database once, with approved doctors the catalogue lists', async () => {
    const first = await prepareDemoData(app.db);
    expect(first.state).toBe('filled');
    expect(first.summary).toMatchObject({
      specialties: 51,
      approvedDoctors: APPROVED_DOCTORS.length,
      patients: 10,
    });
    expect(APPROVED_DOCTORS.length).toBeGreaterThanOrEqual(35);

    const pricing = (await app.inject({ method: 'GET', url: '/api/catalog/pricing' })).json();
    expect(pricing.doctorCount).toBe(APPROVED_DOCTORS.length);
    expect(pricing.minPrice).toBeGreaterThanOrEqual(8000);
    expect(pricing.maxPrice).toBeLessThanOrEqual(45000);

    const cardio = (await app.inject({ method: 'GET', url: '/api/specialties/cardiologia' })).json();
    expect(cardio.doctorCount).toBe(APPROVED_DOCTORS.filter((d) => d.specialty === 'Cardiologia').length);

    expect((await prepareDemoData(app.db)).state).toBe('present');
  });

  it('signs in with the printed logins', async () => {
    for (const [email, password] of [
      [DEMO_LOGINS.admin, DEMO_PASSWORDS.admin],
      [DEMO_LOGINS.doctor, DEMO_PASSWORDS.doctor],
      [DEMO_LOGINS.patient, DEMO_PASSWORDS.patient],
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      expect(res.statusCode, email).toBe(200);
    }
  });

  it('never touches a database that already holds other accounts', async () => {
    const database = await testDatabase();
    await createPatient(database.db, { email: 'real.person@exemplo.com.br' });
    expect((await prepareDemoData(database.db)).state).toBe('foreign');
  });
});
