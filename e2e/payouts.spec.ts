import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN, BASE_URL, signInContext } from './support/accounts.ts';
import {
  accept,
  admin,
  approvedDoctor,
  book,
  expectToast,
  moveIntoOpenRoom,
  ok,
  patient,
  saoPaulo,
  slot,
  tag,
} from './support/consultations.ts';
import { expect, test } from './support/fixtures.ts';
import { confirmAdminIdentity } from './support/two-factor.ts';

/** WCAG 2.0/2.1 A and AA violations of the page as it is, one line per element. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} — ${n.target.join(' ')}`));
}

/**
 * Payouts by manual PIX (decision 082), the built-in test environment's way: the doctor registers a
 * PIX key on the profile's payout card, a paid consultation is completed, the admin builds the day's
 * payouts and records the transfer made in the bank with its reference, and the doctor's open page
 * shows the payout transferred, with its statement.
 */
test('a doctor sets up PIX payouts; the admin pays and records the transfer; the doctor sees it with its statement', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // The consultation to complete is moved into a window opened now: today starts free of windows.
  const today = saoPaulo().weekday;
  const name = `Dra. Helena Prado ${tag()}`;
  const doctor = await approvedDoctor(name, {
    prefix: 'repasses',
    days: [0, 1, 2, 3, 4, 5, 6].filter((d) => d !== today),
  });
  const p = await patient(`Paulo Ribeiro ${tag()}`, 'repasses');

  // The doctor's payout card: not set up, then a PIX key validated by its type.
  await signInContext(page.context(), doctor.account);
  await page.goto('/doctor/profile');
  await expect(page.getByText('Recebimentos', { exact: true })).toBeVisible();
  await expect(page.getByText('Não configurado')).toBeVisible();
  await expect(page.getByText(/Nada é enviado automaticamente/)).toBeVisible();
  await page.getByLabel('Tipo de chave').click();
  await page.getByRole('option', { name: 'Email' }).click();
  await page.getByLabel('Chave PIX').fill('helena@');
  await page.getByRole('button', { name: 'Salvar chave PIX' }).click();
  await expect(page.getByText('Email inválido.')).toBeVisible();
  const key = `helena.${tag().toLowerCase()}@exemplo.com`;
  await page.getByLabel('Chave PIX').fill(key);
  await page.getByRole('button', { name: 'Salvar chave PIX' }).click();
  await expectToast(page, 'Chave PIX salva. Os próximos repasses serão transferidos para ela.');
  await expect(page.getByText('Ativo', { exact: true })).toBeVisible();
  await expect(page.getByText(`Chave PIX: Email ${key}`)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A paid consultation, completed: its share (R$ 180,00 of R$ 200,00) is available at once here.
  const held = await book(p, doctor, await slot(doctor, 5, '16:00'));
  await accept(doctor, held.id);
  await moveIntoOpenRoom(doctor, held.id);
  await ok(
    await (await admin()).post(`/api/admin/appointments/${held.id}/complete`, {
      data: { reason: 'Atendimento realizado' },
    }),
    'complete',
  );

  // The doctor's payments page stays open: what follows reaches it through the live connection.
  await page.goto('/doctor/payments');
  await expect(page.getByText('Nenhum repasse ainda')).toBeVisible();

  // The admin builds today's payouts (identity confirmed with password and code).
  const adminContext = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  await signInContext(adminContext, ADMIN);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/payouts');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Repasses' })).toBeVisible();
  await expect(adminPage.getByText(/Nada é transferido automaticamente/)).toBeVisible();
  await adminPage.getByRole('button', { name: 'Gerar repasses agora' }).click();
  const built = adminPage.getByText(/repasse\(s\) gerado\(s\)/);
  await confirmAdminIdentity(adminPage, built, { required: true });

  const row = adminPage.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('R$ 180,00');
  await expect(row).toContainText(`Email ${key}`);
  await expect(row).toContainText('A transferir');
  expect(await axeViolations(adminPage)).toEqual([]);
  // The doctor's open page already lists it, waiting for the team's transfer.
  // (The consultations above list the same R$ 180,00 as its share: the payouts table is the one.)
  const payoutRows = page.getByRole('table', { name: 'Seus repasses' }).getByRole('row');
  await expect(payoutRows.filter({ hasText: 'R$ 180,00' })).toContainText('A transferir');

  await row.getByRole('checkbox', { name: `Selecionar repasse de ${name}` }).click();
  await adminPage.getByRole('button', { name: 'Registrar transferências' }).click();
  const record = adminPage.getByRole('dialog', { name: 'Registrar transferências PIX' });
  const reference = `E00000000${Date.now()}PULSAE2E`;
  await record.getByLabel(`Identificador — ${name} (R$ 180,00)`).fill(reference);
  await record.getByRole('button', { name: 'Registrar' }).click();
  await expectToast(adminPage, 'Transferência registrada');
  await expect(row).toHaveCount(0);

  // The doctor sees it transferred, with the reference, and opens its statement.
  const mine = payoutRows.filter({ hasText: 'R$ 180,00' });
  await expect(mine).toContainText('Transferido');
  await expect(mine).toContainText(reference);
  expect(await axeViolations(page)).toEqual([]);
  const link = mine.getByRole('link', { name: /Demonstrativo do repasse de/ });
  const href = await link.getAttribute('href');
  const pdf = await page.context().request.get(`${BASE_URL}${href}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await adminContext.close();
});
