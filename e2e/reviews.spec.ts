import type { Browser, Page } from '@playwright/test';
import type { AppointmentDto } from '../packages/shared/src/schemas/appointments.ts';
import type { PublicDoctorProfile } from '../packages/shared/src/schemas/catalog.ts';
import type { ConsultationRoom } from '../packages/shared/src/schemas/consultations.ts';
import { api, sessionToken, signInContext } from './support/accounts.ts';
import { DEMO_ACCOUNTS, DEMO_URL, demoApi, demoUrl } from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { settle, storeTheme } from './support/pages.ts';
import { SLOWDOWN } from './support/slowdown.ts';

/**
 * Reviews from end to end, on the demo app, whose patient has two consultations held with the demo
 * doctor and not rated yet: the patient rates the first, the admin rejects it with a reason and the
 * patient reads why in the bell; the patient rates the second (as anonymous), the admin approves it,
 * and the doctor's public page shows it with the new average.
 */

/** The demo patient's held consultations that can still be rated, oldest first. */
async function rateable(token: string): Promise<AppointmentDto[]> {
  const past = await api<{ items: AppointmentDto[] }>(
    'GET',
    '/api/patient/appointments?scope=past&pageSize=50',
    {
      token,
      baseUrl: DEMO_URL,
    },
  );
  const open: AppointmentDto[] = [];
  for (const a of past.body.items.filter((item) => item.status === 'completed')) {
    const room = await api<ConsultationRoom>('GET', `/api/consultations/${a.id}`, {
      token,
      baseUrl: DEMO_URL,
    });
    if (room.body.canReview) open.push(a);
  }
  return open.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

async function signedIn(browser: Browser, who: 'patient' | 'admin', token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInContext(context, DEMO_ACCOUNTS[who], { baseUrl: DEMO_URL, token });
  const page = await context.newPage();
  await storeTheme(page, 'light');
  return page;
}

async function writeReview(
  page: Page,
  appointmentId: string,
  stars: number,
  comment: string,
  anonymous: boolean,
) {
  await page.goto(demoUrl(`/consulta/${appointmentId}`));
  await page.getByRole('button', { name: 'Avaliar o médico' }).click();
  const dialog = page.getByRole('dialog', { name: 'Como foi a consulta?' });
  const name = stars === 1 ? '1 estrela' : `${stars} estrelas`;
  // The star itself is what a person taps (the radio inside it is visually hidden).
  await dialog.locator('label', { has: page.getByRole('radio', { name, exact: true }) }).click();
  await expect(dialog.getByRole('radio', { name, exact: true })).toBeChecked();
  await dialog.getByLabel('Comentário (opcional)').fill(comment);
  if (anonymous) await dialog.getByRole('checkbox', { name: 'Publicar como anônimo' }).click();
  await dialog.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(page.getByText('Você já avaliou esta consulta. Obrigado!')).toBeVisible();
}

/** Opens the details of the pending review with this comment in the admin's Pendentes tab. */
async function openPending(page: Page, comment: string) {
  await page.goto(demoUrl('/admin/reviews?tab=pending'));
  await settle(page, 'Avaliações');
  await expect(page.getByRole('tab', { name: 'Pendentes' })).toHaveAttribute('aria-selected', 'true');
  const dialog = page.getByRole('dialog', { name: 'Detalhes da avaliação' });
  // The newest first: the review just written is on the first page.
  for (const row of await page.getByRole('row').filter({ hasText: 'Ana Clara Mendes' }).all()) {
    await row.getByRole('button', { name: /^Detalhes da avaliação/ }).click();
    if (await dialog.getByText(comment).isVisible()) return dialog;
    await dialog.getByRole('button', { name: 'Fechar' }).first().click();
  }
  throw new Error(`no pending review "${comment}"`);
}

test('a review rejected with a reason, another approved and shown on the doctor’s public page', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [patientToken, adminToken] = await Promise.all([
    sessionToken(DEMO_ACCOUNTS.patient, DEMO_URL),
    sessionToken(DEMO_ACCOUNTS.admin, DEMO_URL),
  ]);
  const [first, second] = await rateable(patientToken);
  if (!first || !second) throw new Error('the demo patient needs two held consultations not rated yet');
  const patient = await signedIn(browser, 'patient', patientToken);
  const admin = await signedIn(browser, 'admin', adminToken);

  // 1. The patient rates the first consultation.
  await writeReview(patient, first.id, 2, 'Me liguem no (11) 91234-5678 para remarcar.', false);
  // Back to the patient's home, where the bell is.
  await patient.goto(demoUrl('/patient'));
  await settle(patient, DEMO_ACCOUNTS.patient.heading);
  const bell = patient.getByRole('button', { name: /^Notificações/ });
  await expect(bell).toBeVisible();
  const unreadBefore = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) não/)?.[1] ?? 0);

  // 2. The admin rejects it; a reason is required, chosen from the list.
  let dialog = await openPending(admin, 'Me liguem no (11) 91234-5678 para remarcar.');
  await expect(dialog.getByText('Ana Clara Mendes')).toBeVisible();
  await dialog.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(dialog.getByText('Escolha o motivo da rejeição')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Motivo da rejeição' }).click();
  await admin.getByRole('option', { name: 'Contém dados pessoais' }).click();
  await dialog.getByLabel('Observações da equipe').fill('Telefone no comentário.');
  await dialog.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(admin.getByText('Avaliação rejeitada').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // 3. The patient is told why, in the bell, live (the room page stays open).
  await expect(bell).toHaveAccessibleName(new RegExp(`^Notificações, ${unreadBefore + 1} não lidas?$`), {
    timeout: 20_000 * SLOWDOWN,
  });
  await bell.click();
  const notice = patient.getByRole('dialog').getByText('Sua avaliação não foi publicada');
  await expect(notice.first()).toBeVisible({ timeout: 20_000 * SLOWDOWN });
  await expect(
    patient
      .getByRole('dialog')
      .getByText(/Motivo: Contém dados pessoais/)
      .first(),
  ).toBeVisible();
  await patient.keyboard.press('Escape');
  // Rejected is final for that consultation.
  await patient.goto(demoUrl(`/consulta/${first.id}`));
  await expect(
    patient.getByText(
      'Sua avaliação desta consulta não foi publicada. Motivo: Contém dados pessoais. Cada consulta pode ser avaliada uma vez.',
    ),
  ).toBeVisible();
  await expect(patient.getByRole('button', { name: 'Avaliar o médico' })).toHaveCount(0);

  // 4. The patient rates the other consultation, as anonymous; the admin approves it.
  const comment = `Explicou tudo com calma e paciência (${Date.now().toString(36)}).`;
  await writeReview(patient, second.id, 5, comment, true);
  dialog = await openPending(admin, comment);
  // The admin sees who wrote it, even though the public will not.
  await expect(dialog.getByText(/Ana Clara Mendes \(publicada como anônima\)/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Aprovar' }).click();
  await expect(admin.getByText('Avaliação aprovada').first()).toBeVisible();
  await admin.getByRole('tab', { name: 'Aprovadas' }).click();
  await expect(admin.getByRole('row').filter({ hasText: 'Anônimo' }).first()).toBeVisible();
  // The patient's room, open all along, says so without a reload.
  await expect(patient.getByText('Sua avaliação está publicada no perfil do médico.')).toBeVisible({
    timeout: 10_000 * SLOWDOWN,
  });

  // 5. The doctor's public page shows it at once (the shared copy was renewed), anonymous.
  const doctorSlug = (
    await demoApi<{ items: { slug: string; name: string }[] }>(
      '/api/specialties/clinica-geral/doctors?pageSize=50',
    )
  ).items.find((d) => d.name === 'Mariana Albuquerque Costa')?.slug;
  if (!doctorSlug) throw new Error('the demo doctor is not listed');
  const profile = await demoApi<PublicDoctorProfile>(`/api/catalog/doctors/${doctorSlug}`);
  const published = profile.reviews.items.find((r) => r.comment === comment);
  expect(published?.author).toBe('Anônimo');
  expect(JSON.stringify(profile)).not.toContain('91234-5678');
  const visitor = await browser.newPage();
  await visitor.goto(demoUrl(`/medicos/${doctorSlug}`));
  const reviews = visitor.getByRole('region', { name: 'Avaliações dos pacientes' });
  await expect(reviews.getByText(comment)).toBeVisible();
  await expect(reviews.getByText(`${profile.rating.count} avaliações`)).toBeVisible();
  const ld = await visitor.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(ld ?? '{}').aggregateRating).toMatchObject({
    '@type': 'AggregateRating',
    reviewCount: profile.rating.count,
  });
  await Promise.all([patient.context().close(), admin.context().close(), visitor.close()]);
});
