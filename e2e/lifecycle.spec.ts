import type { Browser, Page } from '@playwright/test';
import type { AppointmentDto, CancellationPreview } from '../packages/shared/src/schemas/appointments.ts';
import type { ApiError } from '../packages/shared/src/schemas/common.ts';
import { type Account, signInContext } from './support/accounts.ts';
import {
  accept,
  approvedDoctor,
  book,
  card,
  expectToast,
  ok,
  PRICE,
  patient,
  settleSlowly,
  slot,
  slotWithinHours,
  tag,
} from './support/consultations.ts';
import { reais } from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { SLOWDOWN } from './support/slowdown.ts';

/**
 * The appointment's life as two people see it at once (decision 065): every change reaches the
 * other side's open screen without a reload, through the live `appointment.changed` event; and the
 * rules the screens follow are the server's (no patient move inside the 24 hours without refund).
 */

const NO_REFUND_MOVE =
  'Faltam menos de 24 horas para a consulta: ela não pode mais ser remarcada por você. Fale com o médico ou cancele sem reembolso.';

/** The `appointment.changed` events a page's live connection received, and whether it is connected. */
function watchLive(page: Page) {
  const heard: { appointmentId: string; status: string; paymentStatus: string | null }[] = [];
  let ready = false;
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/api/live')) return;
    socket.on('framereceived', ({ payload }) => {
      let frame: { kind?: string; event?: { type?: string } & (typeof heard)[number] };
      try {
        frame = JSON.parse(String(payload));
      } catch {
        return;
      }
      if (frame.kind === 'ready') ready = true;
      if (frame.kind === 'event' && frame.event?.type === 'appointment.changed') heard.push(frame.event);
    });
  });
  return {
    heard,
    /** Waits until the server has said the connection is live, so what follows is heard, not polled. */
    connected: () => expect.poll(() => ready, { timeout: 20_000 * SLOWDOWN }).toBe(true),
  };
}

/** A page of its own browser context, signed in as `account`. */
async function signedInPage(browser: Browser, account: Account) {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  await signInContext(context, account);
  return { context, page: await context.newPage() };
}

/** Marks the document, so a later check can tell it was never reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}
async function expectSameDocument(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    'the page was not reloaded',
  ).toBe(true);
}

test('the patient’s consultations turn "Confirmada" when the doctor accepts elsewhere, without a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const doctor = await approvedDoctor(`Dra. Lívia Andrade ${tag()}`);
  const p = await patient(`Caetano Vidal ${tag()}`);
  const requested = await book(p, doctor, await slot(doctor, 3, '11:00'), {
    notes: 'Cansaço ao subir escadas.',
  });

  await signInContext(page.context(), p.account);
  const live = watchLive(page);
  await page.goto('/patient/consultations');
  await settleSlowly(page, 'Minhas consultas');
  const mine = card(page, doctor.account.name, requested.startsAt);
  await expect(mine).toContainText('Agendada');
  await expect(mine).toContainText('Aguardando a confirmação do médico');
  await expect(mine).toContainText('Processando');
  await live.connected();
  await markDocument(page);

  // The doctor accepts on their own screen.
  const doctorSide = await signedInPage(browser, doctor.account);
  await doctorSide.page.goto('/doctor/appointments');
  const request = card(doctorSide.page, p.account.name, requested.startsAt);
  await request.getByRole('button', { name: 'Aceitar' }).click();
  await expectToast(doctorSide.page, 'Consulta confirmada');

  // The patient's open list follows by itself: confirmed, and the card captured on acceptance.
  await expect(mine).toContainText('Confirmada', { timeout: 10_000 * SLOWDOWN });
  await expect(mine).toContainText('Pago');
  await expect(mine).not.toContainText('Aguardando a confirmação do médico');
  await expect(mine.getByRole('button', { name: 'Remarcar' })).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await expect(mine.getByRole('link', { name: 'Adicionar à agenda' })).toBeVisible();
  expect(live.heard.some((e) => e.appointmentId === requested.id && e.status === 'confirmed')).toBe(true);
  await expectSameDocument(page);
  await doctorSide.context.close();
});

test('the doctor’s "Pendentes" receives a request paid elsewhere, with its count, without a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const doctor = await approvedDoctor(`Dr. Heitor Cavalcante ${tag()}`);
  const [first, p] = await Promise.all([
    patient(`Beatriz Sampaio ${tag()}`),
    patient(`Diego Fontana ${tag()}`),
  ]);
  const waiting = await book(first, doctor, await slot(doctor, 4, '09:00'), { notes: 'Check-up anual.' });

  await signInContext(page.context(), doctor.account);
  const live = watchLive(page);
  await page.goto('/doctor/appointments');
  await settleSlowly(page, 'Agendamentos');
  await expect(page.getByRole('button', { name: 'Filtro: Pendentes' })).toBeVisible();
  await expect(card(page, first.account.name, waiting.startsAt)).toBeVisible();
  await expect(page.getByText('1 solicitação', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('tab', { name: 'Solicitações (1 solicitação aguardando resposta)' }),
  ).toBeVisible();
  await live.connected();
  await markDocument(page);

  // The patient books the first free slot on the doctor's week and pays with the test card.
  const patientSide = await signedInPage(browser, p.account);
  const booking = patientSide.page;
  await booking.goto(`/patient/schedule?doctor=${doctor.id}`);
  await settleSlowly(booking, 'Agendar consulta');
  await expect(booking.getByRole('heading', { level: 2, name: doctor.account.name })).toBeVisible();
  const slots = booking.locator('section[aria-label] li button');
  for (let week = 0; (await slots.count()) === 0; week++) {
    if (week > 2) throw new Error('no free slot in three weeks');
    await booking.getByRole('button', { name: 'Próxima semana' }).click();
    await expect(booking.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 * SLOWDOWN });
  }
  await slots.first().click();
  const dialog = booking.getByRole('dialog', { name: 'Confirmar agendamento' });
  await dialog.getByLabel('Motivo da consulta (opcional)').fill('Dor no joelho ao correr.');
  await dialog.getByLabel('Cartão de crédito').check();
  await dialog.getByLabel('Li e aceito a política de cancelamento').check();
  await dialog.getByRole('button', { name: 'Confirmar e pagar' }).click();
  await expect(booking).toHaveURL(/\/patient\/consultations\/[0-9a-f-]+\/pagamento$/, {
    timeout: 20_000 * SLOWDOWN,
  });
  const id = booking.url().match(/consultations\/([0-9a-f-]+)\/pagamento$/)?.[1] ?? '';
  await settleSlowly(booking, 'Pagamento da consulta');

  // While it is only held, unpaid, it never reaches the doctor: the list is the same (and, checked once
  // the request has arrived below, the doctor's page heard nothing of the hold).
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 * SLOWDOWN });
  await expect(page.getByText('1 solicitação', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('article', { name: new RegExp(`^Consulta com ${p.account.name} `) }),
  ).toHaveCount(0);

  await booking.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
  await booking.getByLabel('Nome impresso no cartão').fill('DIEGO FONTANA');
  await booking.getByLabel('Validade (MM/AA)').fill('1230');
  await booking.getByLabel('CVC').fill('123');
  await booking.getByRole('button', { name: `Pagar ${reais(PRICE)}` }).click();
  await expect(booking.getByRole('heading', { name: 'Solicitação enviada ao médico' })).toBeVisible();

  // Paid: the request is the doctor's to answer, on the open list, and both counts say two.
  const arrived = page.getByRole('article', { name: new RegExp(`^Consulta com ${p.account.name} `) });
  await expect(arrived).toBeVisible({ timeout: 10_000 * SLOWDOWN });
  await expect(arrived).toContainText('Dor no joelho ao correr.');
  await expect(arrived.getByRole('button', { name: 'Aceitar' })).toBeVisible();
  await expect(arrived.getByText(/^Responda até \d\d\/\d\d às \d\d:\d\d$/)).toBeVisible();
  await expect(page.getByText('2 solicitações', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('tab', { name: 'Solicitações (2 solicitações aguardando resposta)' }),
  ).toBeVisible();
  const aboutIt = live.heard.filter((e) => e.appointmentId === id);
  expect(aboutIt.length).toBeGreaterThan(0);
  expect(aboutIt.every((e) => e.paymentStatus !== 'pending')).toBe(true);
  await expectSameDocument(page);
  await patientSide.context.close();
});

test('inside the last 24 hours the patient cannot move a confirmed consultation, and cancelling it refunds nothing', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const doctor = await approvedDoctor(`Dra. Marta Siqueira ${tag()}`);
  const p = await patient(`Fábio Monteiro ${tag()}`);
  // Booked a few hours ahead, paid and accepted, by the rules: confirmed inside the 24 hours.
  const soon = await book(p, doctor, await slotWithinHours(doctor), { notes: 'Resultado do exame.' });
  await accept(doctor, soon.id);
  // Days ahead, for contrast: that one still moves.
  const later = await book(p, doctor, await slot(doctor, 5, '10:00'));
  await accept(doctor, later.id);

  await signInContext(page.context(), p.account);
  await page.goto('/patient/consultations');
  await settleSlowly(page, 'Minhas consultas');
  await expect(
    card(page, doctor.account.name, later.startsAt).getByRole('button', { name: 'Remarcar' }),
  ).toBeVisible();
  const mine = card(page, doctor.account.name, soon.startsAt);
  await expect(mine).toContainText('Confirmada');
  await expect(mine.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Remarcar' })).toHaveCount(0);

  // The server refuses the move all the same, in Portuguese, and says what is left.
  const moved = await p.api.post(`/api/appointments/${soon.id}/reschedule`, {
    data: { startsAt: await slot(doctor, 3, '15:00') },
  });
  expect(moved.status()).toBe(409);
  expect((await moved.json()) as ApiError).toMatchObject({
    message: NO_REFUND_MOVE,
    code: 'inside_no_refund_window',
  });
  const unchanged = await ok<AppointmentDto>(await p.api.get(`/api/appointments/${soon.id}`), 'appointment');
  expect(unchanged).toMatchObject({ startsAt: soon.startsAt, status: 'confirmed' });
  expect(unchanged.actions).not.toContain('reschedule');
  expect(
    await ok<CancellationPreview>(await p.api.get(`/api/appointments/${soon.id}/cancellation`), 'preview'),
  ).toMatchObject({ refund: 'none' });

  // Cancelling says there is no refund before confirming, and keeps the money.
  await mine.getByRole('button', { name: 'Cancelar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar consulta?' });
  await expect(dialog.getByText('Faltam menos de 24 horas: não haverá reembolso.')).toBeVisible();
  await expect(dialog).not.toContainText('reembolso integral');
  await dialog.getByRole('button', { name: 'Cancelar consulta' }).click();
  await expectToast(page, 'Consulta cancelada');
  await expect(mine).toHaveCount(0);
  await page.getByRole('tab', { name: 'Anteriores' }).click();
  await expect(mine).toContainText('Cancelada');
  await expect(mine).toContainText('Pago');
  await expect(mine).not.toContainText('Reembolsado');
});
