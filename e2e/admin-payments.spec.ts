import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { AppointmentDto } from '../packages/shared/src/schemas/appointments.ts';
import { ADMIN, signInContext } from './support/accounts.ts';
import {
  accept,
  approvedDoctor,
  book,
  expectToast,
  PRICE,
  patient,
  settleSlowly,
  slot,
  tag,
} from './support/consultations.ts';
import { reais } from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { storeTheme } from './support/pages.ts';
import { SLOWDOWN } from './support/slowdown.ts';
import { confirmAdminIdentity } from './support/two-factor.ts';

/**
 * The team's payments (spec: /admin/payments; decision 083): an admin finds a paid consultation,
 * refunds half of it with a reason after confirming identity, and the patient's open payments page
 * shows the partial refund and its reason without a reload. Screenshots of the list at 390 and 1280
 * px, light and dark.
 */

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '.artifacts/screenshots');

test('an admin refunds half a payment with a reason, and the patient sees it', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const doctor = await approvedDoctor(`Dra. Beatriz Repasse ${tag()}`, { prefix: 'pagamentos' });
  const p = await patient(`Caio Reembolso ${tag()}`, 'pagamentos');
  const booked: AppointmentDto = await book(p, doctor, await slot(doctor, 7, '11:00'));
  await accept(doctor, booked.id);

  // The patient's payments are open while the admin acts: the refund reaches them live.
  const patientContext = await browser.newContext();
  await signInContext(patientContext, p.account);
  const patientPage = await patientContext.newPage();
  await patientPage.goto('/patient/payments');
  const patientRow = patientPage.getByRole('row').filter({ hasText: doctor.account.name });
  await expect(patientRow).toContainText('Pago');

  await signInContext(page.context(), ADMIN);
  await page.goto(`/admin/payments?q=${encodeURIComponent(p.account.name)}`);
  await settleSlowly(page, 'Pagamentos');
  await expect(page.getByText('1 pagamento encontrado')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: p.account.name });
  await expect(row).toContainText(doctor.account.name);
  await expect(row).toContainText(reais(PRICE));
  await expect(row).toContainText('Pago');

  await row.getByRole('button', { name: new RegExp(`^Ações do pagamento de ${p.account.name}`) }).click();
  await page.getByRole('menuitem', { name: 'Reembolsar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reembolsar pagamento' });
  await expect(dialog).toContainText(`Ainda pode ser reembolsado: ${reais(PRICE)}.`);
  // The cancellation policy's answer, as a suggestion: a week ahead, the whole amount.
  await expect(dialog.getByTestId('refund-policy')).toContainText(`receberia ${reais(PRICE)}`);

  // Nothing chosen: each field says what it needs, and nothing is sent.
  await dialog.getByRole('button', { name: /^Reembolsar/ }).click();
  await expect(dialog.getByText('Informe o valor a reembolsar')).toBeVisible();
  await expect(dialog.getByText('Escolha o motivo')).toBeVisible();
  await expect(dialog.getByText('Descreva o motivo')).toBeVisible();

  await dialog.getByLabel('Valor a reembolsar (R$)').fill('300');
  await dialog.getByRole('combobox', { name: 'Motivo' }).click();
  await page.getByRole('option', { name: 'Problema técnico na consulta' }).click();
  await dialog.getByLabel('Descrição do motivo').fill('A chamada caiu duas vezes');
  await dialog.getByRole('button', { name: /^Reembolsar/ }).click();
  await expect(dialog.getByText(`O valor passa do que resta a reembolsar (${reais(PRICE)}).`)).toBeVisible();

  await dialog.getByLabel('Valor a reembolsar (R$)').fill('100');
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, 'admin-payments-refund-dialog-1280-light.png'),
    animations: 'disabled',
  });
  await dialog.getByRole('button', { name: `Reembolsar ${reais(PRICE / 2)}` }).click();
  const done = page.getByText('Reembolso registrado');
  await confirmAdminIdentity(page, done);
  await expectToast(page, 'Reembolso registrado');
  await expect(row).toContainText(`Reembolsado ${reais(PRICE / 2)}`);
  await expect(row).toContainText('Pago');

  // The details: the refund with its reason and who asked, and the ledger's lines.
  await row.getByRole('button', { name: new RegExp(`^Ações do pagamento de ${p.account.name}`) }).click();
  await page.getByRole('menuitem', { name: 'Detalhes' }).click();
  const details = page.getByRole('dialog', { name: 'Detalhes do pagamento' });
  await expect(details).toContainText('Problema técnico na consulta: A chamada caiu duas vezes');
  await expect(details).toContainText('Pagamento recebido');
  await expect(details).toContainText('Reembolso');
  await details.getByRole('button', { name: 'Fechar' }).first().click();

  // The patient's page changed by itself: one row, the partial refund and its reason in words.
  await expect(patientRow).toHaveCount(1);
  await expect(patientRow).toContainText(`Reembolso parcial de ${reais(PRICE / 2)}`, {
    timeout: 15_000 * SLOWDOWN,
  });
  await expect(patientRow).toContainText('Motivo: Problema técnico na consulta: A chamada caiu duas vezes');
  for (const width of [390, 1280]) {
    await patientPage.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await patientPage.screenshot({
      path: path.join(SCREENSHOT_DIR, `patient-payments-timeline-${width}-light.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  await patientContext.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the payments list at 390 and 1280 px, ${theme}`, async ({ page }) => {
    await storeTheme(page, theme);
    await signInContext(page.context(), ADMIN);
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/admin/payments');
      await settleSlowly(page, 'Pagamentos');
      // Nothing sticks out sideways: the page scrolls only down.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `admin-payments-${viewport.width}-${theme}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
  });
}
