import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import type { AppointmentDto, CancellationPreview } from '../packages/shared/src/schemas/appointments.ts';
import { type Account, ADMIN, signInContext } from './support/accounts.ts';
import {
  accept,
  admin,
  approvedDoctor,
  book,
  card,
  expectToast,
  moveIntoOpenRoom,
  ok,
  PRICE,
  patient,
  saoPaulo,
  settleSlowly,
  shown,
  slot,
  slotWithinHours,
  tag,
} from './support/consultations.ts';
import { reais } from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { storeTheme } from './support/pages.ts';
import { SLOWDOWN } from './support/slowdown.ts';

/**
 * Consultations after booking, on every side: the doctor answers requests (accept, reject, a
 * stale answer refused), the patient sees the outcome and its money, cancels late without a refund,
 * moves a consultation (and loses a slot taken meanwhile), the admin filters the list with removable
 * chips and cancels with a reason. Bookings and payments go through the API, as the checkout would.
 */

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '.artifacts/screenshots');

// ── Journeys ─────────────────────────────────────────────────────────────

test('the doctor accepts a request and the patient sees it confirmed and paid; a stale answer is refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const doctor = await approvedDoctor(`Dra. Helena Quintela ${tag()}`);
  const p = await patient(`Marcos Tavares ${tag()}`);
  const first = await book(p, doctor, await slot(doctor, 3, '10:00'), {
    notes: 'Dor no peito ao subir escadas',
  });
  const second = await book(p, doctor, await slot(doctor, 4, '15:00'));

  await signInContext(page.context(), doctor.account);
  // This page must not hear of the answer given elsewhere (below) before it answers itself: its
  // live connection is held silent, as when the news has not arrived yet.
  await page.routeWebSocket('**/api/live', () => {});

  // A failed load: the spec's toast and the list's text, then a retry that works.
  await page.route('**/api/doctor/appointments?**', (route) =>
    route.fulfill({ status: 400, json: { message: 'Parâmetros inválidos' } }),
  );
  await page.goto('/doctor/appointments');
  await expectToast(page, 'Falha ao carregar agendamentos', 'Parâmetros inválidos');
  await expect(page.getByText('Erro ao carregar agendamentos. Por favor, tente novamente.')).toBeVisible();
  await page.unroute('**/api/doctor/appointments?**');
  await page.getByRole('button', { name: 'Tentar novamente' }).click();

  const request = card(page, p.account.name, first.startsAt);
  await expect(request).toBeVisible();
  await expect(request).toContainText('Dor no peito ao subir escadas');
  await expect(request).toContainText(reais(PRICE));
  await expect(request).toContainText('Agendada');
  await expect(request).toContainText(`${shown(first.startsAt).time} às`);
  await expect(request.getByText(/^Responda até \d\d\/\d\d às \d\d:\d\d$/)).toBeVisible();
  // The page opens on the requests waiting for an answer, their count on the tab.
  await expect(page.getByRole('button', { name: 'Filtro: Pendentes' })).toBeVisible();
  await expect(page).not.toHaveURL(/filter=/);
  await expect(page.getByText('2 solicitações', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('tab', { name: 'Solicitações (2 solicitações aguardando resposta)' }),
  ).toBeVisible();

  await request.getByRole('button', { name: 'Aceitar' }).click();
  await expectToast(page, 'Consulta confirmada');
  await expect(request).toHaveCount(0);
  await expect(page.getByText('1 solicitação', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('tab', { name: 'Solicitações (1 solicitação aguardando resposta)' }),
  ).toBeVisible();

  // The second request is answered elsewhere meanwhile: this page's answer is refused, said twice.
  // The filter menu, kept in the address.
  await page.getByRole('button', { name: 'Filtro: Pendentes' }).click();
  await page.getByRole('menuitemradio', { name: 'Todas' }).click();
  await expect(page).toHaveURL(/filter=all/);
  const stale = card(page, p.account.name, second.startsAt);
  await expect(stale.getByRole('button', { name: 'Aceitar' })).toBeVisible();
  await accept(doctor, second.id);
  await stale.getByRole('button', { name: 'Aceitar' }).click();
  await expectToast(page, 'Falha ao responder ao agendamento', 'Esta solicitação já foi respondida.');
  await expect(stale.getByText('Erro ao responder agendamento')).toBeVisible();
  await expect(stale).toContainText('Confirmada');
  await page.getByRole('button', { name: 'Filtro: Todas' }).click();
  await page.getByRole('menuitemradio', { name: 'Aceitas' }).click();
  await expect(page).toHaveURL(/filter=accepted/);
  await expect(card(page, p.account.name, first.startsAt)).toContainText('Confirmada');
  // Back to the default: nothing waits any more.
  await page.getByRole('button', { name: 'Filtro: Aceitas' }).click();
  await page.getByRole('menuitemradio', { name: 'Pendentes' }).click();
  await expect(page).not.toHaveURL(/filter=/);
  await expect(page.getByText('Nenhuma solicitação aguardando resposta.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Solicitações', exact: true })).toBeVisible();

  // The week of confirmed consultations.
  await page.goto(`/doctor/appointments?view=agenda&week=${shown(first.startsAt).iso}`);
  await expect(page.getByRole('tab', { name: 'Agenda da semana' })).toHaveAttribute('aria-selected', 'true');
  const weekday = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'America/Sao_Paulo' })
    .format(new Date(first.startsAt))
    .replace(/^./, (c) => c.toUpperCase());
  const day = page.getByRole('listitem', { name: weekday, exact: true });
  await expect(day).toContainText(p.account.name);
  await expect(day).toContainText(`${shown(first.startsAt).time} às`);

  // The patient sees it confirmed and paid (the card is captured on acceptance).
  const patientContext = await browser.newContext();
  await signInContext(patientContext, p.account);
  const patientPage = await patientContext.newPage();
  await patientPage.goto('/patient/consultations');
  const mine = card(patientPage, doctor.account.name, first.startsAt);
  await expect(mine).toContainText('Confirmada');
  await expect(mine).toContainText('Pago');
  await expect(mine).toContainText('Cardiologia');

  const download = patientPage.waitForEvent('download');
  await mine.getByRole('link', { name: 'Adicionar à agenda' }).click();
  expect((await download).suggestedFilename()).toBe('consulta-pulsa.ics');

  await mine.getByRole('button', { name: 'Ver detalhes' }).click();
  const details = patientPage.getByRole('dialog', { name: 'Detalhes da consulta' });
  await expect(details).toContainText('Dor no peito ao subir escadas');
  await expect(details).toContainText('Cartão de crédito');
  await expect(details).toContainText('Pago');
  await details.getByRole('button', { name: 'Fechar' }).first().click();
  await patientContext.close();
});

test('the doctor rejects a request and the patient sees it canceled and refunded', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const doctor = await approvedDoctor(`Dr. Rafael Moreira ${tag()}`);
  const p = await patient(`Larissa Campos ${tag()}`);
  const booked = await book(p, doctor, await slot(doctor, 5, '09:30'));

  await signInContext(page.context(), doctor.account);
  await page.goto('/doctor/appointments');
  const request = card(page, p.account.name, booked.startsAt);
  await request.getByRole('button', { name: 'Recusar' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Recusar solicitação?' });
  await expect(confirm).toContainText(`reembolso integral de ${reais(PRICE)}`);
  await confirm.getByRole('button', { name: 'Voltar' }).click();
  await expect(request).toContainText('Agendada');
  await request.getByRole('button', { name: 'Recusar' }).click();
  await confirm.getByRole('button', { name: 'Recusar solicitação' }).click();
  await expectToast(page, 'Solicitação recusada');
  // No longer waiting: it leaves "Pendentes" for "Recusadas".
  await expect(request).toHaveCount(0);
  await page.getByRole('button', { name: 'Filtro: Pendentes' }).click();
  await page.getByRole('menuitemradio', { name: 'Recusadas' }).click();
  await expect(page).toHaveURL(/filter=rejected/);
  await expect(request).toContainText('Cancelada');
  await expect(request).toContainText('Médico indisponível');
  await expect(request.getByRole('button', { name: 'Aceitar' })).toHaveCount(0);
  await expect(request.getByRole('button', { name: 'Recusar' })).toHaveCount(0);

  const patientContext = await browser.newContext();
  await signInContext(patientContext, p.account);
  const patientPage = await patientContext.newPage();
  await patientPage.goto('/patient/consultations');
  await expect(patientPage.getByText('Você ainda não tem consultas agendadas.')).toBeVisible();
  await patientPage.getByRole('tab', { name: 'Anteriores' }).click();
  await expect(patientPage).toHaveURL(/scope=past/);
  const mine = card(patientPage, doctor.account.name, booked.startsAt);
  await expect(mine).toContainText('Cancelada');
  await expect(mine).toContainText('Reembolsado');
  await expect(mine).toContainText('Motivo do cancelamento: Médico indisponível');

  await patientPage.goto('/patient/payments');
  const row = patientPage.getByRole('row').filter({ hasText: doctor.account.name });
  await expect(row).toContainText('Reembolsado');
  await expect(row).toContainText(`Reembolso de ${reais(PRICE)}`);
  await expect(row).toContainText('Cartão de crédito');
  await expect(row).toContainText(shown(booked.startsAt).date);
  // The receipt of a refunded payment is a PDF the patient can open.
  const receipt = row.getByRole('link', { name: /^Recibo do pagamento da consulta/ });
  const pdf = await patientPage.request.get((await receipt.getAttribute('href')) as string);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');
  await patientContext.close();
});

test('the doctor cancels a confirmed consultation from the week, and the patient is refunded in full', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const doctor = await approvedDoctor(`Dra. Sofia Prado ${tag()}`);
  const p = await patient(`Caio Mendes ${tag()}`);
  // Inside the patient's 24 hours without refund: the doctor's cancellation refunds all the same.
  const booked = await book(p, doctor, await slotWithinHours(doctor));
  await accept(doctor, booked.id);

  await signInContext(page.context(), doctor.account);
  await page.goto(`/doctor/appointments?view=agenda&week=${shown(booked.startsAt).iso}`);
  const cancel = page.getByRole('button', {
    name: `Cancelar a consulta de ${p.account.name} às ${shown(booked.startsAt).time}`,
  });
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar consulta?' });
  await expect(dialog).toContainText(`Consulta com ${p.account.name}`);
  await expect(dialog).toContainText(`O paciente receberá o reembolso integral de ${reais(PRICE)}.`);
  await dialog.getByRole('textbox', { name: 'Motivo (opcional)' }).fill('Emergência no hospital');
  await dialog.getByRole('button', { name: 'Cancelar consulta' }).click();
  await expectToast(page, 'Consulta cancelada');
  await expect(cancel).toHaveCount(0);

  const patientContext = await browser.newContext();
  await signInContext(patientContext, p.account);
  const patientPage = await patientContext.newPage();
  await patientPage.goto('/patient/consultations?scope=past');
  const mine = card(patientPage, doctor.account.name, booked.startsAt);
  await expect(mine).toContainText('Cancelada');
  await expect(mine).toContainText('Reembolsado');
  await expect(mine).toContainText('Motivo do cancelamento: Emergência no hospital');
  await patientContext.close();
});

test('a rejected boleto is owed back by PIX: the patient is told, the admin records the transfer, then it is refunded', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const doctor = await approvedDoctor(`Dr. Otávio Brandão ${tag()}`);
  const p = await patient(`Marina Lopes ${tag()}`);
  const booked = await ok<AppointmentDto>(
    await p.api.post('/api/appointments', {
      data: {
        doctorId: doctor.id,
        startsAt: await slot(doctor, 6, '15:00'),
        method: 'boleto',
        acceptPolicy: true,
        billingAddress: {
          postalCode: '01310-100',
          street: 'Avenida Paulista',
          number: '1000',
          district: 'Bela Vista',
          city: 'São Paulo',
          state: 'SP',
        },
      },
    }),
    'boleto booking',
  );
  await ok(await p.api.post(`/api/appointments/${booked.id}/payment/simulate`), 'boleto paid');

  // Before cancelling, the patient reads how a paid boleto comes back.
  const patientContext = await browser.newContext();
  await signInContext(patientContext, p.account);
  const patientPage = await patientContext.newPage();
  await patientPage.goto('/patient/consultations');
  await card(patientPage, doctor.account.name, booked.startsAt)
    .getByRole('button', { name: 'Cancelar' })
    .click();
  const cancel = patientPage.getByRole('dialog', { name: 'Cancelar consulta?' });
  await expect(cancel).toContainText(`Você receberá o reembolso integral de ${reais(PRICE)}.`);
  await expect(cancel).toContainText(
    'Um boleto pago não pode ser estornado: o valor volta por PIX, para a chave do CPF, em até 2 dias úteis.',
  );
  await cancel.getByRole('button', { name: 'Voltar' }).click();

  await ok(await doctor.api.post(`/api/doctor/appointments/${booked.id}/reject`), 'reject');
  await patientPage.goto('/patient/payments');
  const owed = patientPage.getByRole('row').filter({ hasText: doctor.account.name });
  await expect(owed).toContainText('Pago');
  await expect(owed).toContainText(
    `Reembolso de ${reais(PRICE)} por transferência PIX para a chave do CPF, em até 2 dias úteis`,
  );
  for (const width of [390, 1280]) {
    await patientPage.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await patientPage.screenshot({
      path: path.join(SCREENSHOT_DIR, `patient-payments-transfer-owed-${width}-light.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }

  await signInContext(page.context(), ADMIN);
  // The transfers owed are one filter of Pagamentos (decision 083).
  await page.goto(`/admin/payments?q=${encodeURIComponent(p.account.name)}`);
  await settleSlowly(page, 'Pagamentos');
  await page.getByRole('button', { name: 'Reembolsos a transferir' }).click();
  await expect(page).toHaveURL(/refund=awaiting_transfer/);
  await expect(page.getByText('1 pagamento encontrado')).toBeVisible();
  await page
    .getByRole('button', { name: new RegExp(`^Ações do pagamento de ${p.account.name} em `) })
    .click();
  await page.getByRole('menuitem', { name: 'Registrar transferência PIX' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar transferência PIX' });
  await expect(dialog).toContainText(
    `Transfira ${reais(PRICE)} por PIX para a chave do CPF de ${p.account.name}`,
  );
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, 'admin-refund-transfer-dialog-1280-light.png'),
    animations: 'disabled',
  });
  await dialog.getByRole('button', { name: 'Registrar transferência' }).click();
  await expect(dialog.getByText('Informe o identificador da transferência PIX')).toBeVisible();
  await dialog.getByLabel('Identificador da transferência').fill('E18236120202611251000s0123456789');
  await dialog.getByRole('button', { name: 'Registrar transferência' }).click();
  await expectToast(page, 'Transferência registrada: o paciente foi avisado');

  await patientPage.reload();
  const refunded = patientPage.getByRole('row').filter({ hasText: doctor.account.name });
  await expect(refunded).toContainText('Reembolsado');
  await expect(refunded).toContainText(`Reembolso de ${reais(PRICE)}`);
  await patientContext.close();
});

test('a late cancellation says there is no refund before confirming; an early one promises the full refund', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const doctor = await approvedDoctor(`Dra. Camila Prado ${tag()}`);
  const p = await patient(`Otávio Lemos ${tag()}`);
  const soon = await book(p, doctor, await slotWithinHours(doctor));
  const later = await book(p, doctor, await slot(doctor, 6, '11:00'));
  await accept(doctor, soon.id);
  await accept(doctor, later.id);

  await signInContext(page.context(), p.account);
  await page.goto('/patient/consultations');
  const dialog = page.getByRole('dialog', { name: 'Cancelar consulta?' });

  // Six days ahead: the full refund, and nothing cancelled when the patient goes back.
  await card(page, doctor.account.name, later.startsAt).getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog.getByText(`Você receberá o reembolso integral de ${reais(PRICE)}.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(card(page, doctor.account.name, later.startsAt)).toContainText('Confirmada');

  // Within 24 hours: no refund, said before confirming.
  const mine = card(page, doctor.account.name, soon.startsAt);
  await mine.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog.getByText('Faltam menos de 24 horas: não haverá reembolso.')).toBeVisible();
  await dialog.getByLabel('Motivo (opcional)').fill('Imprevisto no trabalho');
  await dialog.getByRole('button', { name: 'Cancelar consulta' }).click();
  await expectToast(page, 'Consulta cancelada');
  await expect(mine).toHaveCount(0);

  await page.getByRole('tab', { name: 'Anteriores' }).click();
  await expect(mine).toContainText('Cancelada');
  await expect(mine).toContainText('Pago');
  await expect(mine).toContainText('Imprevisto no trabalho');
  const preview = await ok<CancellationPreview>(
    await p.api.get(`/api/appointments/${later.id}/cancellation`),
    'preview',
  );
  expect(preview).toMatchObject({ refund: 'full', amount: PRICE });
});

test('the patient moves a consultation, and a slot taken meanwhile offers the nearest free ones', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const doctor = await approvedDoctor(`Dr. Tiago Bastos ${tag()}`);
  const p = await patient(`Renata Aguiar ${tag()}`);
  const booked = await book(p, doctor, await slot(doctor, 2, '14:00'));
  await accept(doctor, booked.id);
  const target = await slot(doctor, 3, '16:30');

  await signInContext(page.context(), p.account);
  await page.goto('/patient/consultations');
  await card(page, doctor.account.name, booked.startsAt).getByRole('button', { name: 'Remarcar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remarcar consulta' });
  const slotButton = (startsAt: string) => {
    const when = shown(startsAt);
    const weekday = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'America/Sao_Paulo' })
      .format(new Date(startsAt))
      .replace(/^./, (c) => c.toUpperCase());
    return dialog.getByRole('button', { name: `${when.time}, ${weekday}, ${when.date}`, exact: true });
  };
  /** The week picker opens on this week: a slot of the next one is a "Próxima semana" away. */
  const showWeekOf = async (startsAt: string) => {
    await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 * SLOWDOWN });
    const week = (iso: string) => {
      const day = new Date(`${iso}T12:00:00Z`);
      return new Date(day.getTime() - day.getUTCDay() * 86_400_000).toISOString().slice(0, 10);
    };
    if (week(shown(startsAt).iso) > week(shown(new Date().toISOString()).iso)) {
      await dialog.getByRole('button', { name: 'Próxima semana' }).click();
      await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 * SLOWDOWN });
    }
  };
  await showWeekOf(target);
  await slotButton(target).click();
  await expect(
    dialog.getByText(`Novo horário: ${shown(target).date} às ${shown(target).time}`),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Remarcar', exact: true }).click();
  await expectToast(page, 'Consulta remarcada');
  const moved = card(page, doctor.account.name, target);
  await expect(moved).toContainText(`${shown(target).time} às`);
  await expect(moved).toContainText('Confirmada');

  // Someone takes the chosen slot before the patient confirms: refused, and the nearest free ones offered.
  const wanted = await slot(doctor, 4, '10:00');
  await moved.getByRole('button', { name: 'Remarcar' }).click();
  await showWeekOf(wanted);
  await slotButton(wanted).click();
  const other = await patient(`Sérgio Dantas ${tag()}`);
  await book(other, doctor, wanted, { pay: false });
  await dialog.getByRole('button', { name: 'Remarcar', exact: true }).click();
  await expectToast(
    page,
    'Falha ao remarcar consulta',
    'Este horário acabou de ser reservado. Escolha outro.',
  );
  const nearest = dialog.getByRole('alert');
  await expect(nearest).toContainText('Os horários livres mais próximos:');
  await expect(nearest.getByRole('button').first()).toBeVisible();
  await expect(slotButton(wanted)).toHaveCount(0);
  await nearest.getByRole('button').first().click();
  await dialog.getByRole('button', { name: 'Remarcar', exact: true }).click();
  await expectToast(page, 'Consulta remarcada');
  await expect(dialog).toHaveCount(0);
});

test('the admin filters consultations with removable chips and cancels one with a reason', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const doctor = await approvedDoctor(`Dra. Beatriz Falcão ${tag()}`);
  const p = await patient(`Gustavo Prates ${tag()}`);
  const pending = await book(p, doctor, await slot(doctor, 3, '08:00'));
  const confirmed = await book(p, doctor, await slot(doctor, 5, '17:00'));
  await accept(doctor, confirmed.id);

  await signInContext(page.context(), ADMIN);
  await page.goto('/admin/consultations');
  await settleSlowly(page, 'Consultas');
  const search = page.getByRole('searchbox', { name: 'Buscar por médico ou paciente' });
  await search.fill(p.account.name);
  await expect(page.getByText('2 consultas encontradas')).toBeVisible();
  const chips = page.getByRole('list', { name: 'Filtros ativos' });
  await expect(chips.getByText(`Busca: ${p.account.name}`)).toBeVisible();

  await page.getByRole('combobox', { name: 'Filtrar por status' }).click();
  await page.getByRole('option', { name: 'Confirmada' }).click();
  await expect(page).toHaveURL(/status=confirmed/);
  await expect(page.getByText('1 consulta encontrada')).toBeVisible();
  await expect(chips.getByText('Status: Confirmada')).toBeVisible();

  // The period: a wrong order is refused, then the pending consultation's day only.
  const pendingDay = shown(pending.startsAt);
  await page.getByRole('button', { name: 'Período' }).click();
  await page.getByLabel('De', { exact: true }).fill(shown(confirmed.startsAt).iso);
  await page.getByLabel('Até', { exact: true }).fill(pendingDay.iso);
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('A data final deve ser igual ou posterior à inicial')).toBeVisible();
  await page.getByLabel('De', { exact: true }).fill(pendingDay.iso);
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${pendingDay.iso}`));
  await expect(page).toHaveURL(new RegExp(`to=${pendingDay.iso}`));
  await expect(chips.getByText(`De: ${pendingDay.date}`)).toBeVisible();
  await expect(chips.getByText(`Até: ${pendingDay.date}`)).toBeVisible();
  await expect(page.getByText('Nenhuma consulta encontrada.')).toBeVisible();
  await page.getByRole('button', { name: 'Remover filtro Status: Confirmada' }).click();
  await expect(page.getByText('1 consulta encontrada')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: pendingDay.time })).toContainText('Agendada');
  await page.getByRole('button', { name: `Remover filtro De: ${pendingDay.date}` }).click();
  await page.getByRole('button', { name: `Remover filtro Até: ${pendingDay.date}` }).click();
  await expect(page.getByText('2 consultas encontradas')).toBeVisible();
  await expect(page).not.toHaveURL(/from=|to=|status=/);

  // Cancel the confirmed one: the reason is required, then recorded.
  const when = shown(confirmed.startsAt);
  await page.getByRole('button', { name: `Ações da consulta de ${p.account.name} em ${when.date}` }).click();
  await page.getByRole('menuitem', { name: 'Cancelar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar consulta' });
  await dialog.getByRole('button', { name: 'Cancelar consulta' }).click();
  await expect(dialog.getByText('Informe o motivo')).toBeVisible();
  await dialog.getByLabel('Motivo').fill('Médica com emergência familiar');
  await dialog.getByRole('button', { name: 'Cancelar consulta' }).click();
  await expectToast(page, 'Consulta cancelada');
  const row = page.getByRole('row').filter({ hasText: when.time });
  await expect(row).toContainText('Cancelada');

  await page.getByRole('button', { name: `Ações da consulta de ${p.account.name} em ${when.date}` }).click();
  await page.getByRole('menuitem', { name: 'Ver detalhes' }).click();
  const details = page.getByRole('dialog', { name: 'Detalhes da consulta' });
  await expect(details).toContainText('Médica com emergência familiar');
  await expect(details).toContainText('Equipe Pulsa');
  await expect(details).toContainText('Reembolsado');
  await details.getByRole('button', { name: 'Fechar' }).first().click();

  // The search chip goes too, with "Limpar filtros".
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(search).toHaveValue('');
  await expect(chips).toHaveCount(0);
  await expect(page).not.toHaveURL(/q=/);
});

test('the bell rings at once when the doctor answers, and catches up after the network drops', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const doctor = await approvedDoctor(`Dra. Sônia Ribeiro ${tag()}`);
  const p = await patient(`Rita Campos ${tag()}`);
  const first = await book(p, doctor, await slot(doctor, 2, '09:00'));
  const second = await book(p, doctor, await slot(doctor, 3, '09:00'));
  await signInContext(page.context(), p.account);
  await page.goto('/patient');
  await settleSlowly(page, /^Olá, /);
  const bell = page.getByRole('button', { name: /^Notificações/ });
  await expect(bell).toBeVisible();
  const unreadBefore = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) não/)?.[1] ?? 0);

  // The doctor accepts elsewhere: no reload, no wait for a poll.
  await accept(doctor, first.id);
  await expect(bell).toHaveAccessibleName(new RegExp(`^Notificações, ${unreadBefore + 1} não lidas?$`));
  await bell.click();
  await expect(page.getByRole('dialog').getByText('Consulta confirmada').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // Offline while the second answer comes; back online, the tab catches up by itself.
  await page.context().setOffline(true);
  await accept(doctor, second.id);
  await page.context().setOffline(false);
  await expect(bell).toHaveAccessibleName(new RegExp(`^Notificações, ${unreadBefore + 2} não lidas?$`), {
    timeout: 20_000 * SLOWDOWN,
  });
});

// ── Screenshots of each new screen ───────────────────────────────────────

test.describe('screenshots of the consultation screens, with real bookings in every state', () => {
  // One test per theme, each with its own bookings, so the two run side by side.
  test.describe.configure({ mode: 'parallel' });
  for (const theme of ['light', 'dark'] as const) {
    test(theme, async ({ browser }) => {
      test.setTimeout(300_000);
      await shootConsultationScreens(browser, theme);
    });
  }
});

async function shootConsultationScreens(browser: Browser, theme: 'light' | 'dark') {
  // The dermatologist keeps today free of windows: the consultation to complete is moved into one
  // opened now (moveIntoOpenRoom).
  const today = saoPaulo().weekday;
  const [cardiology, dermatology] = await Promise.all([
    approvedDoctor(`Dra. Fernanda Lacerda ${tag()}`),
    approvedDoctor(`Dr. André Nogueira ${tag()}`, {
      specialty: 'Dermatologia',
      days: [0, 1, 2, 3, 4, 5, 6].filter((d) => d !== today),
    }),
  ]);
  const [p, other] = await Promise.all([
    patient(`Juliana Ferreira ${tag()}`),
    patient(`Roberto Magalhães ${tag()}`),
  ]);
  const confirmed = await book(p, cardiology, await slot(cardiology, 2, '10:00'), {
    notes: 'Acompanhamento da pressão arterial.',
  });
  await accept(cardiology, confirmed.id);
  // Confirmed inside the 24 hours: the patient may still cancel it, without refund, but not move it.
  const soon = await book(p, cardiology, await slotWithinHours(cardiology), {
    notes: 'Retorno para mostrar o holter.',
  });
  await accept(cardiology, soon.id);
  const requested = await book(p, cardiology, await slot(cardiology, 3, '14:30'), {
    notes: 'Palpitações ao deitar.',
  });
  // Another patient's request: two wait for the cardiologist's answer.
  await book(other, cardiology, await slot(cardiology, 4, '08:30'), { notes: 'Falta de ar aos esforços.' });
  // Paid before the unpaid hold with the same doctor: one unpaid hold per doctor (decision 065).
  const held = await book(p, dermatology, await slot(dermatology, 5, '16:00'));
  await accept(dermatology, held.id);
  await book(p, dermatology, await slot(dermatology, 4, '09:00'), { pay: false });
  // Completed by the admin, so the history and recent doctors have one to show: nobody completes a
  // consultation before its room opens, so its doctor first moves it to start now.
  await moveIntoOpenRoom(dermatology, held.id);
  await ok(
    await (await admin()).post(`/api/admin/appointments/${held.id}/complete`, {
      data: { reason: 'Atendimento realizado' },
    }),
    'complete',
  );
  const rejected = await book(p, cardiology, await slot(cardiology, 6, '11:30'));
  await ok(await cardiology.api.post(`/api/doctor/appointments/${rejected.id}/reject`), 'reject');

  const screens: {
    name: string;
    account: Account;
    path: string;
    heading: string | RegExp;
    /** What the screen must show before its picture is taken. */
    ready?: (page: Page) => Promise<void>;
  }[] = [
    { name: 'patient-dashboard-live', account: p.account, path: '/patient', heading: /^Olá, / },
    {
      name: 'patient-consultations',
      account: p.account,
      path: '/patient/consultations',
      heading: 'Minhas consultas',
      ready: async (page) => {
        // Each card offers what the server allows now: a move only before the last 24 hours.
        const later = card(page, cardiology.account.name, confirmed.startsAt);
        await expect(later.getByRole('button', { name: 'Remarcar' })).toBeVisible();
        await expect(later.getByRole('button', { name: 'Cancelar' })).toBeVisible();
        const inside = card(page, cardiology.account.name, soon.startsAt);
        await expect(inside.getByRole('button', { name: 'Cancelar' })).toBeVisible();
        await expect(inside.getByRole('button', { name: 'Remarcar' })).toHaveCount(0);
        await expect(page.getByRole('link', { name: 'Concluir pagamento' })).toHaveCount(1);
      },
    },
    {
      name: 'patient-consultations-past',
      account: p.account,
      path: '/patient/consultations?scope=past',
      heading: 'Minhas consultas',
    },
    { name: 'patient-payments', account: p.account, path: '/patient/payments', heading: 'Pagamentos' },
    {
      name: 'patient-checkout-deadline',
      account: p.account,
      path: `/patient/consultations/${requested.id}/pagamento`,
      heading: 'Pagamento da consulta',
      ready: async (page) => {
        await expect(page.getByRole('heading', { name: 'Solicitação enviada ao médico' })).toBeVisible();
        await expect(
          page.getByText(
            new RegExp(
              `^${cardiology.account.name} tem até \\d\\d/\\d\\d/\\d{4} às \\d\\d:\\d\\d para responder`,
            ),
          ),
        ).toBeVisible();
      },
    },
    {
      name: 'doctor-appointments',
      account: cardiology.account,
      path: '/doctor/appointments',
      heading: 'Agendamentos',
      ready: async (page) => {
        await expect(page.getByRole('button', { name: 'Filtro: Pendentes' })).toBeVisible();
        await expect(page.getByText('2 solicitações', { exact: true })).toBeVisible();
        await expect(
          page.getByRole('tab', { name: 'Solicitações (2 solicitações aguardando resposta)' }),
        ).toBeVisible();
      },
    },
    {
      name: 'doctor-appointments-agenda',
      account: cardiology.account,
      path: `/doctor/appointments?view=agenda&week=${shown(confirmed.startsAt).iso}`,
      heading: 'Agendamentos',
    },
    {
      name: 'admin-consultations',
      account: ADMIN,
      path: `/admin/consultations?q=${encodeURIComponent(p.account.name)}`,
      heading: 'Consultas',
      // The unpaid hold is not a consultation yet: the other five are listed.
      ready: (page) => expect(page.getByText('5 consultas encontradas')).toBeVisible(),
    },
  ];
  for (const screen of screens) {
    const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    await signInContext(context, screen.account);
    const page = await context.newPage();
    await storeTheme(page, theme);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto(screen.path);
      await settleSlowly(page, screen.heading);
      await screen.ready?.(page);
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 * SLOWDOWN });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `${screen.name}-${width}-${theme}.png`),
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
      });
    }
    if (theme === 'light') {
      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        screen.name,
      ).toEqual([]);
    }
    await context.close();
  }

  // The dialogs: cancel (with its refund statement) and reschedule, on a phone and a desktop.
  if (theme === 'dark') return;
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  await signInContext(context, p.account);
  const page = await context.newPage();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto('/patient/consultations');
    await settleSlowly(page, 'Minhas consultas');
    const mine = card(page, cardiology.account.name, confirmed.startsAt);
    await mine.getByRole('button', { name: 'Cancelar' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancelar consulta?' });
    await expect(cancel.getByText(`Você receberá o reembolso integral de ${reais(PRICE)}.`)).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `patient-cancel-dialog-${width}-light.png`) });
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await cancel.getByRole('button', { name: 'Voltar' }).click();
    await mine.getByRole('button', { name: 'Remarcar' }).click();
    const reschedule = page.getByRole('dialog', { name: 'Remarcar consulta' });
    await expect(reschedule.getByRole('list', { name: 'Horários livres' })).toBeVisible();
    await expect(reschedule.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `patient-reschedule-dialog-${width}-light.png`),
    });
    const axe2 = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe2.violations.map((v) => v.id)).toEqual([]);
    await reschedule.getByRole('button', { name: 'Voltar' }).click();
  }
  await context.close();

  // The doctor's cancellation, from the week.
  const doctorContext = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  await signInContext(doctorContext, cardiology.account);
  const doctorPage = await doctorContext.newPage();
  for (const width of [390, 1280]) {
    await doctorPage.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await doctorPage.goto(`/doctor/appointments?view=agenda&week=${shown(confirmed.startsAt).iso}`);
    await settleSlowly(doctorPage, 'Agendamentos');
    await doctorPage
      .getByRole('button', {
        name: `Cancelar a consulta de ${p.account.name} às ${shown(confirmed.startsAt).time}`,
      })
      .click();
    const cancel = doctorPage.getByRole('dialog', { name: 'Cancelar consulta?' });
    await expect(
      cancel.getByText(`O paciente receberá o reembolso integral de ${reais(PRICE)}.`),
    ).toBeVisible();
    await doctorPage.screenshot({
      path: path.join(SCREENSHOT_DIR, `doctor-cancel-dialog-${width}-light.png`),
      animations: 'disabled',
    });
    const axe = await new AxeBuilder({ page: doctorPage })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await cancel.getByRole('button', { name: 'Voltar' }).click();
  }
  await doctorContext.close();
}
