import { ADMIN, signInContext } from './support/accounts.ts';
import {
  accept,
  approvedDoctor,
  book,
  PRICE,
  patient,
  settleSlowly,
  slot,
  tag,
} from './support/consultations.ts';
import { reais } from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { confirmAdminIdentity } from './support/two-factor.ts';

/**
 * The admin's commission rules (spec: /admin/commissions): the form's messages, a rule for one
 * specialty saved behind the identity check (password and code), its badges in the list, an edit
 * that becomes version 2, and a booking made afterwards that pays exactly that rule — seen in the
 * team's payments. The specialty is one no other journey uses, so the rule changes no one else's
 * amounts (the default stays as it is).
 */
test('an admin creates a specialty commission, edits it, and a new booking pays it', async ({ page }) => {
  test.setTimeout(180_000);
  await signInContext(page.context(), ADMIN);
  await page.goto('/admin/commissions');
  await expect(page.getByRole('heading', { level: 1, name: 'Comissões' })).toBeVisible();

  await page.getByRole('button', { name: 'Nova comissão' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova configuração de comissão' });
  await expect(dialog).toBeVisible();
  // The spec's defaults: 10 %, not the default, active.
  await expect(dialog.getByLabel('Porcentagem (%)')).toHaveValue('10');
  await expect(dialog.getByRole('switch', { name: 'Ativa' })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Comissão padrão' })).not.toBeChecked();

  await dialog.getByLabel('Nome').fill('A');
  await dialog.getByLabel('Porcentagem (%)').fill('-1');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Nome deve ter pelo menos 2 caracteres.')).toBeVisible();
  await expect(dialog.getByText('Porcentagem não pode ser negativa')).toBeVisible();
  await dialog.getByLabel('Porcentagem (%)').fill('100.5');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Porcentagem não pode exceder 100%')).toBeVisible();

  const name = `Nefrologia e2e ${Date.now().toString(36)}`;
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('Porcentagem (%)').fill('15');
  await dialog.getByRole('combobox', { name: 'Especialidade' }).click();
  await page.getByRole('option', { name: 'Nefrologia' }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();

  // A remembered device gave only the password at sign-in: the change asks for the code.
  await confirmAdminIdentity(page, page.getByText('Configuração de comissão criada'), { required: true });

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('15%');
  await expect(row).toContainText('Nefrologia');
  await expect(row).not.toContainText('Padrão');
  await expect(row).toContainText('Ativa');
  await expect(row).toContainText('versão 1');

  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar configuração de comissão' });
  await expect(edit.getByLabel('Nome')).toHaveValue(name);
  await edit.getByLabel('Porcentagem (%)').fill('12.5');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configuração de comissão atualizada')).toBeVisible();
  await expect(row).toContainText('12,5%');
  await expect(row).toContainText('versão 2');

  // Both versions stay on record, with who wrote them.
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  await edit.getByText('Histórico: 2 versões').click();
  await expect(edit.getByText(/^v1 · 15% · Nefrologia · /)).toBeVisible();
  await expect(edit.getByText(/^v2 · 12,5% · Nefrologia · /)).toBeVisible();
  await edit.getByRole('button', { name: 'Cancelar' }).click();

  // A booking made now freezes version 2: 12,5 % of the price to Pulsa, the rest to the doctor.
  const doctor = await approvedDoctor(`Dra. Helena Néfron ${tag()}`, {
    specialty: 'Nefrologia',
    prefix: 'comissoes',
  });
  const someone = await patient(`Otávio Comissão ${tag()}`, 'comissoes');
  const booked = await book(someone, doctor, await slot(doctor, 6, '10:00'));
  await accept(doctor, booked.id);
  const commission = Math.round(PRICE * 0.125);
  await page.goto(`/admin/payments?q=${encodeURIComponent(someone.account.name)}`);
  await settleSlowly(page, 'Pagamentos');
  const payment = page.getByRole('row').filter({ hasText: someone.account.name });
  await expect(payment).toContainText(doctor.account.name);
  await expect(payment).toContainText(reais(PRICE));
  await expect(payment).toContainText(reais(PRICE - commission));
  await expect(payment).toContainText(reais(commission));
});
