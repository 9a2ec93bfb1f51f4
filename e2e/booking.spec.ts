import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { z } from 'zod';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORDS, PATIENTS } from '../apps/server/src/seed/demo-data.ts';
import { slugify } from '../packages/shared/src/format/slug.ts';
import type { SlotDays } from '../packages/shared/src/schemas/agenda.ts';
import type {
  AppointmentDto,
  BookableDoctor,
  storedBillingAddressSchema,
} from '../packages/shared/src/schemas/appointments.ts';
import type { PageResult } from '../packages/shared/src/schemas/common.ts';
import { api, sessionToken, signInContext } from './support/accounts.ts';
import { DEMO_URL, demoApi, demoUrl, reais } from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { settle, storeTheme } from './support/pages.ts';
import { SLOWDOWN } from './support/slowdown.ts';

/**
 * Booking and paying on the demo app (approved doctors with agendas, demo patients): a patient
 * finds a doctor, picks a free slot in the week view, confirms and pays with a test card or PIX; a
 * declined card says why and a good one goes through; a patient who loses a race is offered the
 * nearest slots; a signed-out visitor picking a time on a doctor's public page comes back to it
 * after signing in. Screenshots of every screen and checkout state at 390 px and 1280 px.
 *
 * Each journey books with its own doctor and patient, so journeys running side by side never
 * compete for one slot unless they mean to.
 */

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '.artifacts/screenshots');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const DECLINED = 'Cartão recusado. Tente outro cartão ou outra forma de pagamento.';
const SLOT_TAKEN = 'Este horário acabou de ser reservado. Escolha outro.';
const HOUR = 3_600_000;

/** A demo patient's sign-in ("Matheus Ribeiro Alves" → matheus.alves@…), as the demo data writes it. */
function demoPatient(name: string) {
  if (!PATIENTS.some((p) => p.name === name)) throw new Error(`the demo data has no patient ${name}`);
  const words = name.split(' ');
  const email = `${slugify(words[0] ?? '')}.${slugify(words.at(-1) ?? '')}@${DEMO_EMAIL_DOMAIN}`;
  return { name, email, password: DEMO_PASSWORDS.patient };
}

/** The demo doctor of that name, as the booking search shows them. */
async function demoDoctor(name: string): Promise<BookableDoctor> {
  const page = await demoApi<PageResult<BookableDoctor>>(
    `/api/booking/doctors?q=${encodeURIComponent(name)}&sort=name`,
  );
  const doctor = page.items.find((d) => d.name === name);
  if (!doctor) throw new Error(`the demo has no bookable doctor ${name}`);
  return doctor;
}

/** The doctor's free slots from `daysAhead` days on, soonest first. */
async function freeSlots(doctorId: string, daysAhead = 0, days = 14): Promise<string[]> {
  const from = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + daysAhead * 86_400_000),
  );
  const answer = await demoApi<SlotDays>(`/api/doctors/${doctorId}/slots?from=${from}&days=${days}`);
  return answer.days.flatMap((d) => d.slots.map((s) => s.start));
}

/** "10:00" of an instant on the clock of a zone, written out here rather than borrowed from the app. */
function clock(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(instant));
}

type StoredBillingAddress = z.infer<typeof storedBillingAddressSchema>;

/** Books through the API as `token`'s patient (a race won elsewhere, or a state to look at). */
async function bookByApi(
  token: string,
  body: { doctorId: string; startsAt: string; method: 'card' | 'pix' | 'boleto' },
): Promise<AppointmentDto> {
  const res = await api<AppointmentDto>('POST', '/api/appointments', {
    body: { ...body, acceptPolicy: true },
    token,
    baseUrl: DEMO_URL,
  });
  if (res.status !== 201) throw new Error(`booking answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * Cancels what `token`'s patient still holds unpaid, as the patient would before booking again: an
 * earlier attempt of the same test (a retry) may have left holds, and a patient holds at most two
 * unpaid bookings, one per doctor (decision 065).
 */
async function releaseHolds(token: string) {
  const res = await api<PageResult<AppointmentDto>>(
    'GET',
    '/api/patient/appointments?scope=upcoming&pageSize=50',
    {
      token,
      baseUrl: DEMO_URL,
    },
  );
  if (res.status !== 200) throw new Error(`the patient's consultations answered ${res.status}`);
  for (const held of res.body.items.filter((a) => a.actions.includes('pay')))
    await post(token, `/api/appointments/${held.id}/cancel`, {});
}

async function post(token: string, path: string, body?: unknown) {
  const res = await api('POST', path, { body, token, baseUrl: DEMO_URL });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/** settle(), after giving a busy machine time to answer the page's slower calls. */
async function settleSlowly(page: Page, heading: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 * SLOWDOWN });
  await settle(page, heading);
}

/** The last toast on screen has this title and, if given, this description. */
async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title }).last();
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}

/** "Agendar consulta": finds the doctor by specialty and name and opens their week. */
async function openDoctorWeek(page: Page, doctor: BookableDoctor) {
  await page.goto(demoUrl('/patient/schedule'));
  await settleSlowly(page, 'Agendar consulta');
  if (doctor.specialty) {
    await page.getByLabel('Especialidade').click();
    await page.getByRole('option', { name: doctor.specialty, exact: true }).click();
    await expect(page).toHaveURL(/specialty=/);
  }
  await page.getByLabel('Nome do médico').fill(doctor.name);
  await expect(page.getByText('1 médico encontrado')).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: doctor.name }) });
  await expect(card).toContainText(`CRM ${doctor.crm}`);
  await expect(card.getByText(reais(doctor.price)).filter({ visible: true })).toHaveCount(1);
  await card.getByRole('button', { name: `Ver agenda de ${doctor.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`doctor=${doctor.id}`));
  await expect(page.getByRole('heading', { level: 2, name: doctor.name })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 * SLOWDOWN });
}

/** Picks the first free slot of the week on screen (moving on a week while there is none); its ISO start. */
async function pickFirstSlot(page: Page): Promise<string> {
  const slots = page.locator('section[aria-label] li button');
  for (let week = 0; (await slots.count()) === 0; week++) {
    if (week > 3) throw new Error('no free slot in four weeks');
    await page.getByRole('button', { name: 'Próxima semana' }).click();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 * SLOWDOWN });
  }
  await slots.first().click();
  await expect(page.getByRole('dialog', { name: 'Confirmar agendamento' })).toBeVisible();
  return new URL(page.url()).searchParams.get('slot') ?? '';
}

/** Confirms the open booking with a payment method and lands on the checkout. */
async function confirmBooking(page: Page, method: 'Cartão de crédito' | 'PIX' | 'Boleto bancário') {
  const dialog = page.getByRole('dialog', { name: 'Confirmar agendamento' });
  await dialog.getByLabel(method).check();
  await dialog.getByLabel('Li e aceito a política de cancelamento').check();
  await dialog.getByRole('button', { name: 'Confirmar e pagar' }).click();
  await expect(page).toHaveURL(/\/patient\/consultations\/[0-9a-f-]+\/pagamento$/, {
    timeout: 20_000 * SLOWDOWN,
  });
  await settleSlowly(page, 'Pagamento da consulta');
  await expect(page.getByText('Ambiente de testes — nenhum valor é cobrado')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^Horário reservado por mais 1[45]:\d\d$/);
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Número do cartão').fill(number);
  await page.getByLabel('Nome impresso no cartão').fill('MATHEUS R ALVES');
  await page.getByLabel('Validade (MM/AA)').fill('1230');
  await page.getByLabel('CVC').fill('123');
}

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

// Long journeys: each step waits for the server; a busy machine needs more than the default 45 s.
test.describe('booking journeys', () => {
  test.describe.configure({ mode: 'parallel' });

  test('a patient finds a slot, confirms and pays with the approved test card', async ({ page }) => {
    test.setTimeout(180_000);
    const doctor = await demoDoctor('Isabela Fontes Marinho');
    await signInContext(page.context(), demoPatient('Matheus Ribeiro Alves'), { baseUrl: DEMO_URL });
    await openDoctorWeek(page, doctor);
    await expect(page.getByText(`Consulta de ${doctor.consultationMinutes} minutos`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Semana anterior' })).toBeDisabled();

    const slot = await pickFirstSlot(page);
    const dialog = page.getByRole('dialog', { name: 'Confirmar agendamento' });
    await expect(dialog).toContainText(doctor.name);
    await expect(dialog).toContainText(clock(slot, 'America/Sao_Paulo'));
    await expect(dialog).toContainText(reais(doctor.price));
    await expect(dialog).toContainText('Cancelamento gratuito até 24 horas antes do início');

    // The policy must be accepted before anything is held.
    await dialog.getByRole('button', { name: 'Confirmar e pagar' }).click();
    await expect(dialog.getByText('Você precisa aceitar a política de cancelamento')).toBeVisible();
    await dialog.getByLabel('Motivo da consulta (opcional)').fill('Manchas na pele há duas semanas.');

    // A reload keeps the doctor and the slot: the confirmation opens again on it.
    await page.reload();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(clock(slot, 'America/Sao_Paulo'));

    await confirmBooking(page, 'Cartão de crédito');
    await expect(page.getByText('4242 4242 4242 4242')).toBeVisible();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: `Pagar ${reais(doctor.price)}` }).click();
    await expect(page.getByRole('heading', { name: 'Solicitação enviada ao médico' })).toBeVisible();
    // The doctor's real deadline to answer, on the patient's clock.
    await expect(
      page.getByText(
        new RegExp(`^${doctor.name} tem até \\d\\d/\\d\\d/\\d{4} às \\d\\d:\\d\\d para responder`),
      ),
    ).toBeVisible();
    await expect(page.getByText('Processando')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);

    await page.getByRole('link', { name: 'Minhas consultas' }).last().click();
    await expect(page).toHaveURL(demoUrl('/patient/consultations'));
  });

  test('a PIX payment shows its QR Code and code, and "Simular pagamento" completes it', async ({ page }) => {
    test.setTimeout(180_000);
    const doctor = await demoDoctor('Bruno Guimarães Torres');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: DEMO_URL });
    await signInContext(page.context(), demoPatient('Sofia Martins Pereira'), { baseUrl: DEMO_URL });
    await openDoctorWeek(page, doctor);
    await pickFirstSlot(page);
    await confirmBooking(page, 'PIX');

    const qr = page.getByRole('img', { name: 'QR Code do PIX' });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const code = page.getByLabel('PIX copia e cola');
    await expect(code).toHaveValue(/^000201/);
    await page.getByRole('button', { name: 'Copiar código' }).click();
    await expectToast(page, 'Código copiado');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());
    await expect(page.getByText(/^Código válido até \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\.$/)).toBeVisible();

    await page.getByRole('button', { name: 'Simular pagamento' }).click();
    await expect(page.getByRole('heading', { name: 'Solicitação enviada ao médico' })).toBeVisible();
    await expect(page.getByText('Pagamento confirmado.')).toBeVisible();
    await expect(page.getByText('Pago', { exact: true })).toBeVisible();

    // Back leads to the doctor's week, not to a confirmation of the slot now booked.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/patient/schedule\\?.*doctor=${doctor.id}`));
    expect(new URL(page.url()).searchParams.has('slot')).toBe(false);
    await expect(page.getByRole('heading', { level: 2, name: doctor.name })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a boleto asks for the billing address, filled in from the last one, and keeps the change', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const doctor = await demoDoctor('Larissa Monteiro Queiroz');
    const patient = demoPatient('Gabriel Santos Rocha');
    const token = await sessionToken(patient, DEMO_URL);
    const storedAddress = async () =>
      (await api<StoredBillingAddress>('GET', '/api/patient/billing-address', { token, baseUrl: DEMO_URL }))
        .body;
    await signInContext(page.context(), patient, { baseUrl: DEMO_URL, token });
    await openDoctorWeek(page, doctor);
    // A boleto needs three days: two weeks ahead.
    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'Próxima semana' }).click();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 * SLOWDOWN });
    }
    await pickFirstSlot(page);
    const dialog = page.getByRole('dialog', { name: 'Confirmar agendamento' });
    await expect(dialog.getByRole('group', { name: 'Endereço de cobrança' })).toHaveCount(0);
    await dialog.getByLabel('Boleto bancário').check();
    const address = dialog.getByRole('group', { name: 'Endereço de cobrança' });
    // The address kept from the last boleto fills the fields in (the demo's, or a retry's).
    const before = (await storedAddress()).billingAddress;
    if (!before) throw new Error('the demo patient has no billing address');
    await expect(address.getByLabel('CEP')).toHaveValue(
      `${before.postalCode.slice(0, 5)}-${before.postalCode.slice(5)}`,
    );
    await expect(address.getByLabel('Cidade')).toHaveValue(before.city);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await address.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `booking-boleto-address-${width}-light.png`) });
    }
    await expectNoAxeViolations(page);
    await address.getByLabel('Rua').fill('');
    await address.getByLabel('CEP').fill('8001');
    await dialog.getByLabel('Li e aceito a política de cancelamento').check();
    await dialog.getByRole('button', { name: 'Confirmar e pagar' }).click();
    await expect(address.getByText('Informe a rua')).toBeVisible();
    await expect(address.getByText('CEP inválido. Use 8 dígitos.')).toBeVisible();
    await expect(page).toHaveURL(/\/patient\/schedule/);

    await address.getByLabel('CEP').fill('80420090');
    await expect(address.getByLabel('CEP')).toHaveValue('80420-090');
    await address.getByLabel('Rua').fill('Rua Visconde de Guarapuava');
    await address.getByLabel('Número').fill('2500');
    await address.getByLabel('Bairro').fill('Batel');
    await dialog.getByRole('button', { name: 'Confirmar e pagar' }).click();
    await expect(page).toHaveURL(/\/patient\/consultations\/[0-9a-f-]+\/pagamento$/, {
      timeout: 20_000 * SLOWDOWN,
    });
    await settleSlowly(page, 'Pagamento da consulta');
    await expect(page.getByLabel('Linha digitável')).toHaveValue(/^\d{5}\.\d{5} /);
    expect((await storedAddress()).billingAddress).toMatchObject({
      street: 'Rua Visconde de Guarapuava',
      postalCode: '80420090',
      city: before.city,
    });
  });

  test('a declined card shows its message, and the approved card then goes through', async ({ page }) => {
    test.setTimeout(180_000);
    const doctor = await demoDoctor('Renata Pacheco Brito');
    await signInContext(page.context(), demoPatient('Pedro Henrique Gomes'), { baseUrl: DEMO_URL });
    await openDoctorWeek(page, doctor);
    await pickFirstSlot(page);
    await confirmBooking(page, 'Cartão de crédito');

    // The form checks what it asks for; only the number ever leaves the page.
    await page.getByRole('button', { name: /^Pagar / }).click();
    await expect(page.getByText('Número do cartão inválido')).toBeVisible();
    await expect(page.getByText('Informe o nome impresso no cartão')).toBeVisible();
    await expect(page.getByText('Validade inválida. Use MM/AA.')).toBeVisible();

    const sent: unknown[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/payment/card')) sent.push(req.postDataJSON());
    });
    await fillCard(page, '4000000000000002');
    await expect(page.getByLabel('Número do cartão')).toHaveValue('4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pagar / }).click();
    const declined = page.getByRole('alert').filter({ hasText: 'Pagamento não aprovado' });
    await expect(declined).toContainText(DECLINED);
    await expect(page.getByText('Pendente', { exact: true })).toBeVisible();
    expect(sent).toEqual([{ number: '4000000000000002' }]);

    await page.getByLabel('Número do cartão').fill('4242424242424242');
    await page.getByRole('button', { name: /^Pagar / }).click();
    await expect(page.getByRole('heading', { name: 'Solicitação enviada ao médico' })).toBeVisible();
    await expect(declined).toHaveCount(0);
    expect(sent).toEqual([{ number: '4000000000000002' }, { number: '4242424242424242' }]);
  });

  test.describe('in another time zone', () => {
    test.use({ timezoneId: 'America/Manaus' });

    test('a patient who loses the race is offered the nearest slots and books one of them', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const doctor = await demoDoctor('Ricardo Tavares Bastos');
      const rival = await sessionToken(demoPatient('Valentina Costa Araújo'), DEMO_URL);
      await signInContext(page.context(), demoPatient('Miguel Azevedo Barros'), { baseUrl: DEMO_URL });
      await openDoctorWeek(page, doctor);
      // The week is on the patient's clock (Manaus), and says the doctor's runs in Brasília.
      await expect(
        page.getByText('Horários no seu fuso horário (Manaus). A agenda do médico segue o fuso de Brasília.'),
      ).toBeVisible();

      const slot = await pickFirstSlot(page);
      const dialog = page.getByRole('dialog', { name: 'Confirmar agendamento' });
      await expect(dialog).toContainText(`às ${clock(slot, 'America/Manaus')}`);

      // Someone else books that slot first.
      await bookByApi(rival, { doctorId: doctor.id, startsAt: slot, method: 'pix' });
      await dialog.getByLabel('Li e aceito a política de cancelamento').check();
      await dialog.getByRole('button', { name: 'Confirmar e pagar' }).click();
      await expect(dialog.getByRole('alert')).toContainText(SLOT_TAKEN);
      await expectToast(page, 'Falha ao reservar o horário', SLOT_TAKEN);
      const nearest = dialog.getByRole('button', { name: /^Escolher / });
      await expect(nearest.first()).toBeVisible();
      expect(await nearest.count()).toBeLessThanOrEqual(3);

      // Choosing one moves the selection; the form stays as filled and books it.
      await nearest.first().click();
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      const chosen = new URL(page.url()).searchParams.get('slot') ?? '';
      expect(chosen).not.toBe(slot);
      await expect(dialog).toContainText(`às ${clock(chosen, 'America/Manaus')}`);
      await expect(dialog.getByLabel('Li e aceito a política de cancelamento')).toBeChecked();
      await confirmBooking(page, 'PIX');
      await expect(
        page.getByText(`${clock(chosen, 'America/Sao_Paulo')} no horário do médico (Brasília)`),
      ).toBeVisible();
    });
  });

  test('a visitor picks a time on a doctor’s public page, signs in and comes back to it', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const doctor = await demoDoctor('Gustavo Almeida Prado');
    const patient = demoPatient('João Pedro Silva');
    await page.goto(demoUrl(`/medicos/${doctor.slug}`));
    await settle(page, doctor.name);
    const time = page.getByRole('link', { name: /^Agendar às \d{2}:\d{2} de / }).first();
    const label = (await time.getAttribute('aria-label')) ?? '';
    const [, hhmm = '', date = ''] =
      label.match(/^Agendar às (\d{2}:\d{2}) de .+, (\d{2}\/\d{2}\/\d{4})$/) ?? [];
    await time.click();

    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByLabel('Email').fill(patient.email);
    await page.getByLabel('Senha').fill(patient.password);
    await page.getByRole('button', { name: 'Entrar' }).click();

    // Back on the booking, with the doctor and that very slot chosen.
    await expect(page).toHaveURL(new RegExp(`/patient/schedule\\?doctor=${doctor.id}&slot=`));
    const dialog = page.getByRole('dialog', { name: 'Confirmar agendamento' });
    await expect(dialog).toContainText(doctor.name);
    await expect(dialog).toContainText(`${date} às ${hhmm}`);
  });
});

test.describe('screenshots of the booking screens', () => {
  test.describe.configure({ mode: 'parallel' });

  async function shoot(page: Page, name: string, width: number, theme: 'light' | 'dark', fullPage = true) {
    // Nothing sticks out sideways: the page scrolls only down, on a phone as on a desktop.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${width}-${theme}.png`),
      fullPage,
      animations: 'disabled',
      caret: 'hide',
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    test(`booking search, week and confirmation ${theme}`, async ({ page }) => {
      test.setTimeout(180_000);
      const doctor = await demoDoctor('Patrícia Menezes Duarte');
      await signInContext(page.context(), demoPatient('Luiza Fernandes Castro'), { baseUrl: DEMO_URL });
      await storeTheme(page, theme);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await page.goto(demoUrl('/patient/schedule'));
        await settleSlowly(page, 'Agendar consulta');
        await expect(page.getByRole('list', { name: 'Médicos disponíveis' }).locator('> li')).toHaveCount(10);
        await shoot(page, 'booking-schedule', width, theme);
        if (width === 1280) await expectNoAxeViolations(page);

        await page.goto(demoUrl(`/patient/schedule?doctor=${doctor.id}`));
        await settleSlowly(page, 'Agendar consulta');
        await expect(page.getByRole('heading', { level: 2, name: doctor.name })).toBeVisible();
        await shoot(page, 'booking-week', width, theme);
        if (width === 1280) await expectNoAxeViolations(page);

        // The dialog as it opens, and with the policy not accepted (the view of the window only:
        // the page behind it does not scroll with it).
        await pickFirstSlot(page);
        await shoot(page, 'booking-confirm', width, theme, false);
        await page.getByRole('dialog').getByRole('button', { name: 'Confirmar e pagar' }).click();
        await expect(page.getByText('Você precisa aceitar a política de cancelamento')).toBeVisible();
        await shoot(page, 'booking-confirm-errors', width, theme, false);
        if (width === 1280) await expectNoAxeViolations(page);
      }
    });
  }

  test('every checkout state', async ({ page }) => {
    test.setTimeout(240_000);
    // A patient holds at most two unpaid bookings, one per doctor (decision 065): the card waits
    // with one doctor, the PIX and later the boleto with another, the boleto booked once the PIX
    // is canceled, as a patient would have to.
    const doctor = await demoDoctor('Marcelo Vieira Antunes');
    const other = await demoDoctor('Thiago Rangel Figueiredo');
    const patient = demoPatient('Maria Eduarda Oliveira');
    const token = await sessionToken(patient, DEMO_URL);
    await releaseHolds(token);
    await signInContext(page.context(), patient, { baseUrl: DEMO_URL, token });
    const [cardSlot] = await freeSlots(doctor.id);
    // Never at the time of the card's consultation: a patient is not in two at once.
    const apart = (start: string) =>
      !cardSlot || Math.abs(Date.parse(start) - Date.parse(cardSlot)) >= 2 * HOUR;
    const pixSlot = (await freeSlots(other.id)).find(apart);
    // Boleto needs three days ahead: a slot from the week after next.
    const boletoSlot = (await freeSlots(other.id, 8)).find(apart);
    if (!cardSlot) throw new Error(`${doctor.name} has no free slot`);
    if (!pixSlot || !boletoSlot) throw new Error(`${other.name} has too few free slots`);

    const card = await bookByApi(token, { doctorId: doctor.id, startsAt: cardSlot, method: 'card' });
    const pix = await bookByApi(token, { doctorId: other.id, startsAt: pixSlot, method: 'pix' });
    let boleto: AppointmentDto | undefined;
    const bookedBoleto = () => {
      if (!boleto) throw new Error('the boleto is not booked yet');
      return boleto;
    };
    const checkout = (a: AppointmentDto) => `/patient/consultations/${a.id}/pagamento`;

    const states: {
      name: string;
      path: () => string;
      ready: () => Promise<void>;
      before?: () => Promise<void>;
    }[] = [
      {
        name: 'checkout-card',
        path: () => checkout(card),
        ready: () => expect(page.getByRole('heading', { name: 'Cartões de teste' })).toBeVisible(),
      },
      {
        name: 'checkout-card-declined',
        path: () => checkout(card),
        before: () =>
          post(token, `/api/appointments/${card.id}/payment/card`, { number: '4000000000000002' }),
        ready: () => expect(page.getByRole('alert').filter({ hasText: DECLINED })).toBeVisible(),
      },
      {
        name: 'checkout-card-authentication',
        path: () => checkout(card),
        before: () =>
          post(token, `/api/appointments/${card.id}/payment/card`, { number: '4000002500003155' }),
        ready: () => expect(page.getByRole('button', { name: 'Autorizar' })).toBeVisible(),
      },
      {
        name: 'checkout-pix',
        path: () => checkout(pix),
        ready: () => expect(page.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible(),
      },
      {
        name: 'checkout-canceled',
        path: () => checkout(pix),
        before: () => post(token, `/api/appointments/${pix.id}/cancel`, {}),
        ready: () => expect(page.getByRole('heading', { name: 'Esta consulta foi cancelada' })).toBeVisible(),
      },
      {
        name: 'checkout-boleto',
        path: () => checkout(bookedBoleto()),
        before: async () => {
          boleto = await bookByApi(token, { doctorId: other.id, startsAt: boletoSlot, method: 'boleto' });
        },
        ready: async () => {
          await expect(page.getByLabel('Linha digitável')).toHaveValue(/^\d{5}\.\d{5} /);
          await expect(page.getByRole('timer')).toHaveText(/^Horário reservado até \d{2}\/\d{2}\/\d{4} às /);
        },
      },
      {
        name: 'checkout-not-found',
        path: () => '/patient/consultations/00000000-0000-4000-8000-000000000000/pagamento',
        ready: () => expect(page.getByRole('heading', { name: 'Consulta não encontrada' })).toBeVisible(),
      },
    ];

    for (const state of states) {
      await state.before?.();
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await page.goto(demoUrl(state.path()));
        await settleSlowly(page, 'Pagamento da consulta');
        await state.ready();
        await shoot(page, state.name, width, 'light');
      }
      await expectNoAxeViolations(page);
    }

    // The open page follows the payment by itself: the boleto is paid elsewhere (the bank, here
    // the API) and the request goes to the doctor without a reload.
    await page.goto(demoUrl(checkout(bookedBoleto())));
    await settleSlowly(page, 'Pagamento da consulta');
    await post(token, `/api/appointments/${bookedBoleto().id}/payment/simulate`);
    await expect(page.getByRole('heading', { name: 'Solicitação enviada ao médico' })).toBeVisible({
      timeout: 15_000 * SLOWDOWN,
    });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await shoot(page, 'checkout-sent', width, 'light');
    }
    await expectNoAxeViolations(page);
  });
});
