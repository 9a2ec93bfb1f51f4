import type { Ticket } from '../packages/shared/src/schemas/on-demand.ts';
import { createAccount, sessionToken, signInContext } from './support/accounts.ts';
import { admin, approvedDoctor, client, ok, specialtyIdOf } from './support/consultations.ts';
import { expect, test } from './support/fixtures.ts';
import { join, shoot } from './support/on-demand.ts';
import { settle } from './support/pages.ts';

/**
 * The guarantee, lapsing for real: a patient waits in a queue whose only doctor goes off duty, sees
 * "sem previsão" live, and when the queue's maximum wait (10 minutes, the least a team may set) has
 * passed with nobody calling, the card's hold is released by the guarantee's own job — the screen
 * and the bell say so, without a reload, and the patient may join again. Its screenshots (390 and
 * 1280 px, light and dark) go to e2e/.artifacts/screenshots/ with the other journeys'.
 *
 * It waits the whole 10 minutes: nothing moves the server's clock. The queue is one no other journey
 * uses, and it never shows on the landing page meanwhile: before the doctor is on duty it has no
 * forecast, and from the patient's join its one place is taken.
 */
const SPECIALTY = 'Geriatria';
const SERVICE = {
  enabled: true,
  price: 6000,
  maxWaitMinutes: 10,
  capacity: 1,
  consultationMinutes: 10,
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, from: '00:00', to: '24:00' })),
};
const MINUTE = 60_000;

test('the only doctor leaves; when the guarantee lapses the hold is released and the patient is told', async ({
  browser,
}) => {
  // The guarantee's 10 minutes, the job's turn after it, and the journey around them.
  test.setTimeout(15 * MINUTE);
  const adminApi = await admin();
  const specialtyId = await specialtyIdOf(adminApi, SPECIALTY);
  const context = await browser.newContext();
  try {
    await ok(await adminApi.put(`/api/admin/on-demand/${specialtyId}`, { data: SERVICE }), 'opening');
    const doctor = await approvedDoctor('Dr. Otávio Prado', { specialty: SPECIALTY, prefix: 'garantia' });
    const account = await createAccount('patient', { name: 'Helena Duarte', prefix: 'garantia' });
    const token = await sessionToken(account);
    const api = await client(token);

    await ok(await doctor.api.put('/api/on-demand/duty', { data: { onDuty: true } }), 'on duty');
    const paid = await join({ api }, specialtyId, 'Tontura ao levantar desde ontem.');
    expect(paid.stage).toBe('waiting');

    await signInContext(context, account, { token });
    const page = await context.newPage();
    await page.goto('/patient/pronto-atendimento');
    await expect(page.getByText('Você é o 1º da fila', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Previsão de atendimento: (?!sem previsão)/)).toBeVisible();

    // The doctor leaves: the line stays, without a forecast, live on the same screen.
    await ok(await doctor.api.put('/api/on-demand/duty', { data: { onDuty: false } }), 'off duty');
    await expect(page.getByText('Previsão de atendimento: sem previsão', { exact: true })).toBeVisible();

    // Nobody calls within the guarantee: the job releases the hold and the screen turns, unreloaded.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const lapsed = page.getByRole('heading', { name: 'Nenhum médico atendeu a tempo' });
    await expect(lapsed).toBeVisible({ timeout: SERVICE.maxWaitMinutes * MINUTE + 3 * MINUTE });
    await expect(
      page.getByText(
        'Nenhum médico atendeu dentro do tempo garantido. A reserva de R$ 60,00 no seu cartão foi liberada: nada foi cobrado.',
      ),
    ).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    const bell = page.getByRole('button', { name: /^Notificações/ });
    await bell.click();
    await expect(
      page.getByRole('dialog', { name: 'Notificações' }).getByText('Nenhum médico atendeu a tempo'),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Entrar na fila de novo' })).toBeVisible();
    await settle(page, 'Pronto atendimento');
    await shoot(page, 'guarantee-lapsed');

    // The server agrees: the ticket ended by the guarantee.
    const latest = await ok<{ ticket: Ticket | null }>(await api.get('/api/on-demand/ticket'), 'the ticket');
    expect(latest.ticket).toMatchObject({ id: paid.id, stage: 'refunded_timeout' });
  } finally {
    await context.close();
    await ok(
      await adminApi.put(`/api/admin/on-demand/${specialtyId}`, { data: { ...SERVICE, enabled: false } }),
      'closing the queue',
    );
  }
});
