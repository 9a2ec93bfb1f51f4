import type { Page } from '@playwright/test';
import { RED_FLAGS } from '../packages/shared/src/on-demand/triage.ts';
import { ADMIN, signInContext } from './support/accounts.ts';
import { admin, approvedDoctor, ok, patient, specialtyIdOf, tag } from './support/consultations.ts';
import { expect, test } from './support/fixtures.ts';
import { shoot } from './support/on-demand.ts';

/**
 * Pronto atendimento through the screens: the admin opens a specialty's queue, a doctor goes on
 * duty from the dashboard, a patient answers the red flags, holds the card and waits; the doctor
 * calls and the patient's screen turns to the call, live.
 */
const SPECIALTY = 'Infectologia';

/** Opens the specialty's form and answers it: every red flag "Não", the complaint, the rules. */
async function fillJoinForm(page: Page, complaint: string) {
  await page.goto('/patient/pronto-atendimento');
  await page.getByRole('button', { name: `Quero atendimento agora em ${SPECIALTY}` }).click();
  for (const flag of RED_FLAGS)
    await page.getByRole('radiogroup', { name: flag.question }).getByRole('radio', { name: 'Não' }).click();
  await page.getByLabel('O que você está sentindo?').fill(complaint);
  await page.getByRole('checkbox', { name: 'Li e aceito as regras do pronto atendimento' }).click();
}

test('the admin opens a queue, a patient joins it and a doctor on duty calls them', async ({ browser }) => {
  test.setTimeout(120_000);
  const adminApi = await admin();
  const specialtyId = await specialtyIdOf(adminApi, SPECIALTY);

  // The admin sets the queue up on its page: open, R$ 80,00, every day all day.
  const adminPage = await (await browser.newContext()).newPage();
  await signInContext(adminPage.context(), ADMIN);
  await adminPage.goto('/admin/pronto-atendimento');
  const queue = adminPage.getByRole('region', { name: SPECIALTY, exact: true });
  await expect(queue.getByText('Não configurado')).toBeVisible();
  await queue.getByRole('button', { name: 'Configurar e ver o painel' }).click();
  await queue.getByRole('switch', { name: 'Pronto atendimento ativo' }).click();
  await queue.getByLabel('Preço (R$)').fill('80,00');
  await queue.getByRole('button', { name: '24 horas todos os dias' }).click();
  await queue.getByRole('button', { name: 'Salvar' }).click();
  await expect(adminPage.getByText('Pronto atendimento salvo.')).toBeVisible();
  await expect(queue.getByText('Ativo', { exact: true })).toBeVisible();

  // A doctor of the specialty goes on duty from the dashboard.
  const doctor = await approvedDoctor(`Dra. Plantão ${tag()}`, { specialty: SPECIALTY, prefix: 'plantao' });
  const doctorPage = await (await browser.newContext()).newPage();
  await signInContext(doctorPage.context(), doctor.account);
  await doctorPage.goto('/doctor');
  const duty = doctorPage.getByRole('region', { name: 'Plantão' });
  await duty.getByRole('button', { name: 'Entrar de plantão' }).click();
  await expect(duty.getByRole('button', { name: 'Sair do plantão' })).toBeVisible();
  await expect(duty.getByText('0 pacientes aguardando')).toBeVisible();

  // While a queue takes patients, the landing page says so (its script shows the block).
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  await expect(
    visitor.getByRole('heading', { name: 'Pronto atendimento: fale com um médico agora' }),
  ).toBeVisible();
  await expect(visitor.getByText(new RegExp(`Espera prevista: .* · .*${SPECIALTY}`))).toBeVisible();

  // The patient joins: red flags, complaint, rules, the test card.
  const person = await patient(`Paciente ${tag()}`, 'pronto');
  const patientPage = await (await browser.newContext()).newPage();
  await signInContext(patientPage.context(), person.account);
  await patientPage.goto('/patient');
  await expect(
    patientPage.getByRole('heading', { name: 'Pronto atendimento: fale com um médico agora' }),
  ).toBeVisible();
  await fillJoinForm(patientPage, 'Febre alta e dor no corpo desde ontem.');
  await patientPage.getByRole('button', { name: 'Entrar na fila' }).click();
  await expect(patientPage.getByRole('heading', { name: 'Reserve o valor no seu cartão' })).toBeVisible();
  await patientPage
    .getByRole('button', { name: 'Usar o cartão de teste: 4242 4242 4242 4242, aprovado' })
    .click();
  await patientPage.getByRole('button', { name: 'Reservar R$ 80,00 e entrar na fila' }).click();
  await expect(patientPage.getByText('Você é o 1º da fila', { exact: true })).toBeVisible();
  await expect(patientPage.getByText(/Se nenhum médico chamar até \d\d:\d\d/)).toBeVisible();

  // The doctor sees the patient waiting (live), calls, and is taken to the room.
  await expect(duty.getByText('1 paciente aguardando')).toBeVisible();
  await duty.getByRole('button', { name: 'Chamar próximo' }).click();
  await expect(doctorPage).toHaveURL(/\/consulta\/[0-9a-f-]+$/);

  // The patient's screen turns to the call, live.
  await expect(patientPage.getByRole('heading', { name: 'O médico chamou você' })).toBeVisible();
  await expect(patientPage).toHaveTitle(/^Sua vez!/);
  await expect(patientPage.getByRole('link', { name: 'Entrar na consulta' })).toHaveAttribute(
    'href',
    new URL(doctorPage.url()).pathname,
  );

  // Back on the dashboard, the doctor holds this patient: no second call.
  await doctorPage.goto('/doctor');
  await expect(duty.getByText('Paciente em atendimento')).toBeVisible();
  await expect(duty.getByRole('button', { name: 'Chamar próximo' })).toBeDisabled();

  // Another patient pays by PIX: the QR Code, the bank's confirmation (the test environment's
  // button), the line; leaving gives the PIX back in full.
  const payer = await patient(`Paciente PIX ${tag()}`, 'pronto');
  const pixPage = await (await browser.newContext()).newPage();
  await signInContext(pixPage.context(), payer.account);
  await fillJoinForm(pixPage, 'Tosse seca e dor de garganta há três dias.');
  await pixPage.getByRole('radio', { name: 'PIX' }).click();
  await pixPage.getByRole('button', { name: 'Entrar na fila' }).click();
  await expect(pixPage.getByRole('heading', { name: 'Pague o PIX para entrar na fila' })).toBeVisible();
  await expect(pixPage.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
  await expect(pixPage.getByLabel('PIX copia e cola')).toHaveValue(/^000201/);
  await shoot(pixPage, 'pix');
  await pixPage.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(pixPage.getByText('Você é o 1º da fila', { exact: true })).toBeVisible();
  await expect(pixPage.getByText(/o valor do PIX é devolvido automaticamente/)).toBeVisible();
  await pixPage.getByRole('button', { name: 'Sair da fila' }).click();
  await pixPage.getByRole('alertdialog').getByRole('button', { name: 'Sair da fila' }).click();
  await expect(pixPage.getByRole('heading', { name: 'Você saiu da fila' })).toBeVisible();
  await expect(pixPage.getByText('Os R$ 80,00 pagos pelo PIX foram devolvidos por inteiro.')).toBeVisible();

  // The queue closes again for the rest of the run: the landing page of other journeys stays as it was.
  await ok(
    await adminApi.put(`/api/admin/on-demand/${specialtyId}`, {
      data: {
        enabled: false,
        price: 8000,
        maxWaitMinutes: 60,
        capacity: 20,
        consultationMinutes: 15,
        hours: [],
      },
    }),
    'closing the queue',
  );
});
