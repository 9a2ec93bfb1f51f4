import { doctorSlug } from '../packages/shared/src/format/slug.ts';
import type { PublicDoctorProfile } from '../packages/shared/src/schemas/catalog.ts';
import { type DoctorPage, demoApi, demoUrl, reais, UNLISTED_DOCTORS } from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { settle, watchScripts } from './support/pages.ts';

/**
 * An approved doctor's public page (/medicos/:slug) on the demo data: reached from the specialty
 * page, rendered whole by the server with its own title, description and schema.org Physician,
 * running none of the app's code; anyone else's address is a 404.
 */

test('a doctor’s name on the specialty page opens their public page, complete and server-rendered', async ({
  page,
}) => {
  const scripts = watchScripts(page);
  const doctors = await demoApi<DoctorPage>('/api/specialties/cardiologia/doctors');
  const listed = doctors.items[0];
  if (!listed) throw new Error('the demo has no cardiologist');
  const profile = await demoApi<PublicDoctorProfile>(`/api/catalog/doctors/${listed.slug}`);

  await page.goto(demoUrl('/specialties/cardiologia'));
  await settle(page, 'Cardiologia');
  await page.getByRole('link', { name: listed.name, exact: true }).click();
  await expect(page).toHaveURL(demoUrl(`/medicos/${listed.slug}`));
  await settle(page, listed.name);

  await expect(page).toHaveTitle(`${listed.name}, Cardiologia | Pulsa`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    new RegExp(`^${listed.name}, Cardiologia \\(CRM ${listed.crmNumber}/${listed.crmState}\\)`),
  );
  const main = page.getByRole('main');
  await expect(main.getByText(`CRM ${listed.crmNumber}/${listed.crmState}`, { exact: true })).toBeVisible();
  await expect(main.getByText('CRM verificado')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Cardiologia' }).last()).toHaveAttribute(
    'href',
    '/specialties/cardiologia',
  );
  await expect(main.getByText(reais(listed.consultationPrice))).toBeVisible();
  await expect(main.getByText(`Consulta de ${profile.consultationMinutes} minutos por vídeo`)).toBeVisible();
  for (const section of ['Sobre', 'Formação', 'Experiência profissional']) {
    await expect(main.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  if (profile.bio) await expect(main.getByText(profile.bio)).toBeVisible();
  // Visitors book through sign-in, back to this doctor's booking.
  await expect(main.getByRole('link', { name: `Agendar consulta com ${listed.name}` })).toHaveAttribute(
    'href',
    `/login?redirect=${encodeURIComponent(`/patient/schedule?doctor=${listed.id}`)}`,
  );

  const data = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
  ) as Record<string, unknown>;
  expect(data).toMatchObject({
    '@type': 'Physician',
    name: listed.name,
    medicalSpecialty: 'Cardiologia',
    identifier: { propertyID: `CRM-${listed.crmState}`, value: listed.crmNumber },
  });
  expect(scripts.framework()).toEqual([]);

  // The breadcrumb leads back to the specialty.
  await page
    .getByRole('navigation', { name: 'Trilha de navegação' })
    .getByRole('link', { name: 'Cardiologia' })
    .click();
  await expect(page).toHaveURL(demoUrl('/specialties/cardiologia'));
});

test('only approved doctors have a page: anyone else’s address, or an unknown one, is a 404', async ({
  page,
}) => {
  const pending = UNLISTED_DOCTORS[0];
  if (!pending) throw new Error('the demo has no doctor awaiting review');
  for (const slug of [doctorSlug(pending.name, pending.uf, pending.crm), 'ninguem-crm-sp-000000']) {
    const response = await page.goto(demoUrl(`/medicos/${slug}`));
    expect(response?.status(), slug).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Médico não encontrado.' })).toBeVisible();
    await expect(page).toHaveTitle('Médico não encontrado | Pulsa');
    await expect(page.getByRole('link', { name: 'Ver todas as especialidades' })).toBeVisible();
  }
});
