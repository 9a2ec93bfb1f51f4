import type { Browser, Page } from '@playwright/test';
import { type Account, BASE_URL, signInContext } from './support/accounts.ts';
import {
  accept,
  approvedDoctor,
  book,
  card,
  patient as patientAccount,
  slot,
  tag,
} from './support/consultations.ts';
import { expect, test } from './support/fixtures.ts';
import { storeTheme } from './support/pages.ts';

/**
 * Messages outside the call: a booking opens the conversation, which the patient reaches from the
 * consultation's card; the patient and the doctor, each in their own browser context, exchange a
 * text and a file live, with the sidebar's unread count and the read receipt following; the doctor closes the conversation and the patient is told how to
 * book again.
 */

/** A 2×1 PNG: the picture the doctor sends. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWPgndLBO6UDAAcwAlOVz+ocAAAAAElFTkSuQmCC',
  'base64',
);

async function pageOf(browser: Browser, account: Pick<Account, 'email' | 'password'>, errors: string[]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInContext(context, account);
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text()))
      errors.push(`console.error: ${message.text()}`);
  });
  await storeTheme(page, 'light');
  return { context, page };
}

const thread = (page: Page) => page.getByRole('list', { name: 'Mensagens da conversa' });

const sidebarCount = (page: Page) =>
  page.getByRole('navigation', { name: /Menu/ }).first().getByTestId('messages-unread');

test('patient and doctor exchange messages live, with a file, unread counts and the read receipt', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const doctor = await approvedDoctor(`Dra. Helena Prado ${tag()}`, { prefix: 'mensagens' });
  const patient = await patientAccount(`Caio Moreira ${tag()}`, 'mensagens');
  const booked = await book(patient, doctor, await slot(doctor, 2, '08:00'));
  await accept(doctor, booked.id);

  const errors: string[] = [];
  const pat = await pageOf(browser, patient.account, errors);
  const doc = await pageOf(browser, doctor.account, errors);
  try {
    await doc.page.goto(`${BASE_URL}/doctor`);
    await expect(doc.page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(sidebarCount(doc.page)).toHaveCount(0);

    // The patient writes from the consultation's card, which opens that conversation in Mensagens.
    await pat.page.goto(`${BASE_URL}/patient/consultations`);
    await card(pat.page, doctor.account.name, booked.startsAt)
      .getByRole('button', { name: 'Enviar mensagem' })
      .click();
    await expect(pat.page).toHaveURL(/\/patient\/messages\?conversa=/);
    await expect(pat.page.getByText(/Em caso de emergência, ligue 192 \(SAMU\)/)).toBeVisible();
    const composer = pat.page.getByRole('textbox', { name: 'Escreva uma mensagem' });
    await composer.fill('Doutora, posso tomar o remédio à noite?');
    await composer.press('Enter');
    await expect(thread(pat.page).getByText('Doutora, posso tomar o remédio à noite?')).toBeVisible();
    await expect(pat.page.getByTestId('receipt')).toHaveText('Enviada');

    // The doctor's sidebar counts it live, without a reload.
    await expect(sidebarCount(doc.page)).toContainText('1');
    await doc.page
      .getByRole('link', { name: /Mensagens/ })
      .first()
      .click();
    const row = doc.page.getByRole('button', { name: new RegExp(patient.account.name) });
    await expect(row.getByRole('status')).toHaveText('1');
    await row.click();
    await expect(thread(doc.page).getByText('Doutora, posso tomar o remédio à noite?')).toBeVisible();
    // Read: the count goes away, and the patient sees "Lida" live.
    await expect(sidebarCount(doc.page)).toHaveCount(0);
    await expect(pat.page.getByTestId('receipt')).toHaveText('Lida');

    // The doctor answers with a text and a file; both reach the patient's open thread live.
    const reply = doc.page.getByRole('textbox', { name: 'Escreva uma mensagem' });
    await reply.fill('Pode, sim. Veja a orientação anexa.');
    await reply.press('Enter');
    await doc.page
      .getByTestId('message-file')
      .setInputFiles({ name: 'orientacao.png', mimeType: 'image/png', buffer: PNG });
    await expect(thread(pat.page).getByText('Pode, sim. Veja a orientação anexa.')).toBeVisible();
    const file = thread(pat.page).getByRole('link', { name: /orientacao\.png/ });
    await expect(file).toBeVisible();
    const download = await pat.page.request.get(`${BASE_URL}${await file.getAttribute('href')}`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('image/png');

    // The doctor closes the conversation: the patient can no longer write and is shown how to book.
    await doc.page.getByRole('button', { name: 'Encerrar conversa' }).click();
    await expect(doc.page.getByRole('button', { name: 'Reabrir conversa' })).toBeVisible();
    await expect(pat.page.getByText(/O médico encerrou esta conversa/)).toBeVisible();
    await expect(pat.page.getByRole('link', { name: 'Agendar nova consulta' })).toBeVisible();
    await expect(pat.page.getByRole('textbox', { name: 'Escreva uma mensagem' })).toBeDisabled();
  } finally {
    await pat.context.close();
    await doc.context.close();
  }
  expect(errors).toEqual([]);
});
