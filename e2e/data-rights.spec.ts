import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { signInContext } from './support/accounts.ts';
import {
  accept,
  admin,
  approvedDoctor,
  book,
  client,
  moveIntoOpenRoom,
  ok,
  patient,
  saoPaulo,
  slot,
  tag,
} from './support/consultations.ts';
import { SAMPLE_PDF } from './support/documents.ts';
import { expect, test } from './support/fixtures.ts';
import { waitForMail } from './support/mail.ts';
import { settle } from './support/pages.ts';
import { SLOWDOWN } from './support/slowdown.ts';

/**
 * The patient in control of their data: the health space with a consultation's chat and file, who
 * opened that file ("Quem acessou meus dados"), and the copy of everything, emailed and opened.
 */
test('the patient opens the health space, sees who accessed their data and downloads their export', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const today = saoPaulo().weekday;
  const doctor = await approvedDoctor(`Dra. Beatriz Tavares ${tag()}`, {
    days: [0, 1, 2, 3, 4, 5, 6].filter((d) => d !== today),
    prefix: 'direitos',
  });
  const p = await patient(`Helena Duarte ${tag()}`, 'direitos');
  const booked = await book(p, doctor, await slot(doctor, 2, '10:00'), { notes: 'Cansaço há um mês.' });
  await accept(doctor, booked.id);
  await moveIntoOpenRoom(doctor, booked.id);
  // In the room: the consent, a message and a file from the patient, an answer from the doctor.
  await ok(await p.api.post('/api/patient/consent'), 'consent');
  await ok(
    await p.api.post(`/api/consultations/${booked.id}/messages`, {
      data: { body: 'Trouxe meu exame de sangue.' },
    }),
    'message',
  );
  const shared = await ok<{ id: string; file: { url: string } }>(
    await p.api.post(`/api/consultations/${booked.id}/files`, {
      multipart: { file: { name: 'exame-sangue.pdf', mimeType: 'application/pdf', buffer: SAMPLE_PDF } },
    }),
    'file',
  );
  await ok(
    await doctor.api.post(`/api/consultations/${booked.id}/messages`, {
      data: { body: 'Recebi, obrigada.' },
    }),
    'answer',
  );
  // The doctor opens the file: one read of the patient's data, by the doctor, in their consultation.
  expect((await doctor.api.get(shared.file.url)).status()).toBe(200);
  await ok(
    await (await admin()).post(`/api/admin/appointments/${booked.id}/complete`, {
      data: { reason: 'Atendimento realizado' },
    }),
    'complete',
  );

  await signInContext(page.context(), p.account);
  await page.goto('/patient');
  await page
    .getByRole('navigation', { name: 'Menu — Área do paciente' })
    .getByRole('link', { name: 'Meu histórico' })
    .click();
  await expect(page).toHaveURL(/\/patient\/records$/);
  await settle(page, 'Meu histórico');
  const consultation = page.getByRole('listitem').filter({ hasText: doctor.account.name });
  await expect(
    consultation.getByText('O médico não deixou orientações escritas nesta consulta.'),
  ).toBeVisible();
  // The chat stays readable after the consultation.
  await consultation.getByRole('button', { name: 'Ver a conversa (3 mensagens)' }).click();
  const chat = consultation.getByRole('region', { name: 'Conversa da consulta' });
  await expect(chat.getByText('Trouxe meu exame de sangue.')).toBeVisible();
  await expect(chat.getByText('Recebi, obrigada.')).toBeVisible();
  // The patient opens the file themselves (a new tab).
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    consultation.getByRole('link', { name: 'Abrir exame-sangue.pdf em uma nova aba' }).first().click(),
  ]);
  await tab.waitForLoadState();
  await tab.close();

  // Who accessed my data: the doctor (name and CRM) and the patient, each for this consultation.
  await page.getByRole('link', { name: 'Quem acessou meus dados' }).click();
  await settle(page, 'Quem acessou meus dados');
  const log = page.getByRole('list', { name: 'Quem acessou meus dados' });
  await expect(log.getByRole('listitem')).toHaveCount(2);
  // Both name the consultation's doctor (the context); only the doctor's own read shows a CRM.
  const byDoctor = log.getByRole('listitem').filter({ hasText: /CRM \d+\/SP/ });
  await expect(byDoctor).toContainText(doctor.account.name);
  await expect(byDoctor).toContainText('Arquivo da consulta');
  await expect(byDoctor).toContainText('Consulta com você');
  const bySelf = log.getByRole('listitem').filter({ hasNotText: /CRM \d+\/SP/ });
  await expect(bySelf).toContainText('Você');
  await expect(bySelf).toContainText('Seus próprios dados');
  // Newest first: the patient's own opening came last.
  await expect(log.getByRole('listitem').first()).toContainText('Você');

  // Baixar meus dados: the link arrives by email and the ZIP opens.
  await page.goto('/patient/settings');
  await settle(page, 'Configurações');
  const data = page.getByRole('region', { name: 'Seus dados' });
  await data.getByRole('button', { name: 'Baixar meus dados' }).click();
  await expect(page.getByText('Cópia pedida')).toBeVisible();
  const mail = await waitForMail(p.account.email, 'A cópia dos seus dados no Pulsa está pronta', 60_000);
  await expect(data.getByText('Enviado por email')).toBeVisible({ timeout: 15_000 * SLOWDOWN });
  const downloading = page.waitForEvent('download');
  await page.evaluate((url) => {
    window.location.href = url;
  }, mail.link);
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^pulsa-meus-dados-\d{4}-\d\d-\d\d\.zip$/);
  const zip = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const bundle = JSON.parse(strFromU8(zip['dados.json'] as Uint8Array));
  expect(bundle.resourceType).toBe('Bundle');
  const json = JSON.stringify(bundle);
  for (const expected of [p.account.email, 'Trouxe meu exame de sangue.', 'Recebi, obrigada.', booked.id])
    expect(json).toContain(expected);
  const files = Object.keys(zip).filter((name) => name.startsWith('arquivos/'));
  expect(files).toHaveLength(1);
  expect(files[0]).toContain('exame-sangue.pdf');
  expect(zip['LEIA-ME.txt']).toBeTruthy();
  // The export itself is on the log now.
  await page.goto('/patient/access-log');
  await settle(page, 'Quem acessou meus dados');
  await expect(
    page.getByRole('list', { name: 'Quem acessou meus dados' }).getByRole('listitem').first(),
  ).toContainText('Cópia dos dados');
});

test('the patient deletes their account: shown what happens, future consultation canceled and refunded, signed out', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const doctor = await approvedDoctor(`Dr. Caio Fonseca ${tag()}`, { prefix: 'direitos' });
  const p = await patient(`Sofia Ramalho ${tag()}`, 'direitos');
  const booked = await book(p, doctor, await slot(doctor, 4, '09:00'), { notes: 'Check-up anual.' });
  await accept(doctor, booked.id);

  await signInContext(page.context(), p.account);
  await page.goto('/patient/settings');
  await settle(page, 'Configurações');
  await page
    .getByRole('region', { name: 'Seus dados' })
    .getByRole('button', { name: 'Excluir minha conta' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Excluir sua conta?' });
  await expect(dialog.getByText('Não há dados clínicos a guardar.')).toBeVisible();
  await expect(dialog.getByText(doctor.account.name)).toBeVisible();
  await expect(dialog.getByText('reembolso de R$ 200,00')).toBeVisible();
  // The typed confirmation is required.
  await dialog.getByLabel('Sua senha').fill(p.account.password);
  await dialog.getByLabel('Digite EXCLUIR para confirmar').fill('sim');
  await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(dialog.getByText('Digite EXCLUIR para confirmar').last()).toBeVisible();
  await dialog.getByLabel('Digite EXCLUIR para confirmar').fill('EXCLUIR');
  await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Conta excluída', { exact: true })).toBeVisible();
  // Signed out, and the account cannot sign in again.
  await page.goto('/patient');
  await expect(page).toHaveURL(/\/login/);
  const login = await (await client()).post('/api/auth/login', {
    data: { email: p.account.email, password: p.account.password },
  });
  expect(login.status()).toBe(401);
  // The doctor sees the consultation canceled by the patient, the money given back.
  const seen = await ok<{ status: string; payment: { status: string } | null }>(
    await doctor.api.get(`/api/appointments/${booked.id}`),
    'appointment',
  );
  expect(seen.status).toBe('canceled');
  expect(seen.payment?.status).toBe('refunded');
});
