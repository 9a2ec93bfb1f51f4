import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Earnings } from '../packages/shared/src/schemas/earnings.ts';
import { ADMIN, createAccount, signInContext } from './support/accounts.ts';
import { accept, approvedDoctor, book, ok, patient, slot, tag } from './support/consultations.ts';
import { expect, test } from './support/fixtures.ts';
import { settle } from './support/pages.ts';

/**
 * Money on the screens (decision 084): a doctor reads a paid consultation's split and status on
 * /doctor/payments and marks its Receita Saúde receipt as issued; the admin opens the dashboard
 * with its charts, changes the period and reads a chart as a table.
 */

const brl = (centavos: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
    .format(centavos / 100)
    .replace(/\s/g, ' ');
const text = (s: string) => s.replace(/\s/g, ' ');

test('a doctor sees a paid consultation’s split and status and marks its receipt as issued', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = tag();
  const doctor = await approvedDoctor(`Dra. Receita ${name}`, { prefix: 'ganhos' });
  const buyer = await patient(`Paciente ${name} Recibo`, 'ganhos');
  const booked = await book(buyer, doctor, await slot(doctor, 3, '10:00'));
  await accept(doctor, booked.id);
  const earnings = await ok<Earnings>(await doctor.api.get('/api/doctor/earnings'), 'earnings');
  const row = earnings.items[0];
  if (!row) throw new Error('the accepted consultation is not in the earnings');
  expect(row.status).toBe('held');

  await signInContext(page.context(), doctor.account);
  await page.goto('/doctor/payments');
  await settle(page, 'Pagamentos');

  // The balances: the share is held until the consultation happens and its holding days pass.
  const balance = page.getByRole('region', { name: 'Saldo' });
  await expect(balance).toContainText('A liberar');
  await expect(balance).toContainText(brl(row.net));

  const table = page.getByRole('table', { name: 'Consultas pagas e a sua parte de cada uma' });
  const line = table.getByRole('row').filter({ hasText: buyer.account.name });
  await expect(line).toBeVisible();
  const shown = text((await line.textContent()) ?? '');
  for (const amount of [row.gross, row.commission, row.net]) expect(shown).toContain(brl(amount));
  await expect(line.getByText('A liberar')).toBeVisible();
  await expect(page.getByRole('figure', { name: /ganhos líquidos nos últimos 12 meses/ })).toBeVisible();
  // The page, its chart and its receipts pass an axe scan (WCAG 2.1 A/AA).
  const scan = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );

  // The month's receipts: the patient's name and CPF, the amount, and the "emitido" mark, kept.
  const receipts = page.getByRole('table', { name: 'Recibos do mês a emitir' });
  const receipt = receipts.getByRole('row').filter({ hasText: buyer.account.name });
  await expect(receipt).toContainText(buyer.account.cpf as string);
  await expect(receipt).toContainText(brl(row.gross));
  const mark = receipt.getByRole('checkbox', { name: new RegExp(`Recibo de ${buyer.account.name}`) });
  await expect(mark).not.toBeChecked();
  await mark.click();
  await expect(mark).toBeChecked();
  await expect(page.getByText('1 de 1 recibo emitido')).toBeVisible();
  await page.reload();
  await settle(page, 'Pagamentos');
  await expect(
    page
      .getByRole('table', { name: 'Recibos do mês a emitir' })
      .getByRole('row')
      .filter({ hasText: buyer.account.name })
      .getByRole('checkbox'),
  ).toBeChecked();
});

test('the admin opens the dashboard with its charts and changes the period', async ({ page }) => {
  test.setTimeout(90_000);
  await signInContext(page.context(), ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: /^Olá, / })).toBeVisible();
  for (const card of [
    'Médicos cadastrados',
    'Pacientes cadastrados',
    'Consultas realizadas',
    'Receita total',
  ])
    await expect(page.getByText(card, { exact: true })).toBeVisible();
  await expect(page.getByText(/Comissão do Pulsa desde o início/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver todos os médicos' })).toHaveAttribute(
    'href',
    '/admin/doctors',
  );
  await expect(page.getByRole('link', { name: 'Ver todos os pacientes' })).toHaveAttribute(
    'href',
    '/admin/patients',
  );

  for (const chart of [
    'Receita e comissão',
    'Consultas por resultado',
    'Cancelamentos e faltas',
    'Especialidades mais procuradas',
  ])
    await expect(page.getByRole('heading', { name: chart })).toBeVisible();
  // recharts drew something.
  await expect(page.locator('.recharts-surface').first()).toBeVisible();

  // By week over a chosen period; the money chart's numbers as a table.
  await page.getByLabel('De', { exact: true }).fill('2026-01-05');
  await page.getByLabel('Agrupar por').click();
  await page.getByRole('option', { name: 'Semana' }).click();
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/admin/dashboard') && r.url().includes('bucket=week'),
  );
  await page.getByRole('button', { name: 'Aplicar' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByText(/^De 05\/01\/2026 a /)).toBeVisible();
  const money = page.locator('details').filter({ hasText: 'Ver como tabela' }).first();
  await money.getByText('Ver como tabela').click();
  await expect(money.getByRole('table')).toBeVisible();
  await expect(money.getByRole('rowheader', { name: '05/01' })).toBeVisible();
  await expect(money.getByRole('rowheader', { name: 'No período' })).toBeVisible();

  // The month's commission per doctor, for Pulsa's invoices: a CSV with a BOM and the header row.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Baixar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^comissoes-\d{4}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await file.path(), 'utf8');
  expect(csv.startsWith('\uFEFFMédico;CRM;CPF/CNPJ;Pagamentos;')).toBe(true);

  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(page.getByText('Falha ao carregar métricas do dashboard')).toHaveCount(0);
});

test('a long name or email among the newest accounts keeps the admin dashboard inside a phone', async ({
  page,
}) => {
  await createAccount('patient', {
    name: 'Maximiliana Aparecida Bragança Albuquerque Vasconcelos',
    prefix: 'paciente-com-um-endereco-de-email-muito-comprido-mesmo',
  });
  await signInContext(page.context(), ADMIN);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin');
  // Among the newest patients (unless other tests' sign-ups have pushed it down already).
  await expect(page.getByRole('link', { name: 'Ver todos os pacientes' })).toBeVisible();
  await expect(page.getByText('Carregando', { exact: false })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
