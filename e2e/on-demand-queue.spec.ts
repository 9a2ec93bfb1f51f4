import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { ADMIN, BASE_URL, createAccount, sessionToken, signInContext } from './support/accounts.ts';
import { admin, approvedDoctor, client, ok, type Patient, specialtyIdOf } from './support/consultations.ts';
import { expect, test } from './support/fixtures.ts';
import { join, shoot } from './support/on-demand.ts';
import { settle } from './support/pages.ts';

/**
 * Pronto atendimento with two people in line, live on every screen: B is second with a forecast,
 * sends a photo, A leaves and B moves up without reloading; a push message reaches the app's
 * service worker; the doctor calls, B's screen and bell say so, the doctor opens the photo from
 * the Plantão card and B comes into the room. Then the team closes the queue under a third patient,
 * whose hold is released in front of them.
 *
 * The guarantee's own expiry takes its full 10 minutes, so it has a journey of its own
 * (on-demand-guarantee.spec.ts) that runs beside the others.
 *
 * Screenshots of the waiting screen, the call, the Plantão card and the team's page, at 390 and
 * 1280 px, light and dark, go to e2e/.artifacts/screenshots/ (never committed).
 */
const SPECIALTY = 'Clínica Geral';

/** A 1×1 PNG: what a phone's photo is to the server's content check, in 67 bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const SERVICE = {
  enabled: true,
  price: 8000,
  maxWaitMinutes: 60,
  capacity: 20,
  consultationMinutes: 15,
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, from: '00:00', to: '24:00' })),
};

/** A patient whose one session serves both the API calls and their browser (no second sign-in). */
async function person(name: string): Promise<Person> {
  const account = await createAccount('patient', { name, prefix: 'fila' });
  const token = await sessionToken(account);
  return { account, token, api: await client(token) };
}
type Person = Patient & { token: string };

/** Each person's own browser; all closed at the end (a room left open keeps its camera test running). */
type Browsers = Pick<Browser, 'newContext'>;

async function waitingPage(browser: Browsers, who: Person, options: { notifications?: true } = {}) {
  const context = await browser.newContext();
  if (options.notifications) await context.grantPermissions(['notifications']);
  await signInContext(context, who.account, { token: who.token });
  const page = await context.newPage();
  await page.goto('/patient/pronto-atendimento');
  return page;
}

test('two in line: B moves up live when A leaves, is called, told by the bell and a push, and comes in', async ({
  browser: chromium,
}) => {
  test.setTimeout(240_000);
  const contexts: BrowserContext[] = [];
  const browser: Browsers = {
    newContext: async (options) => {
      const context = await chromium.newContext(options);
      contexts.push(context);
      return context;
    },
  };
  const adminApi: APIRequestContext = await admin();
  const specialtyId = await specialtyIdOf(adminApi, SPECIALTY);

  try {
    // The team opens the queue and a doctor of the specialty goes on duty: the line has a forecast.
    await ok(await adminApi.put(`/api/admin/on-demand/${specialtyId}`, { data: SERVICE }), 'opening');
    const [doctor, a, b, c] = await Promise.all([
      approvedDoctor('Dra. Marta Lins', { specialty: SPECIALTY, prefix: 'fila' }),
      person('Ana Ribeiro'),
      person('Bruno Almeida'),
      person('Carla Souza'),
    ]);
    await ok(await doctor.api.put('/api/on-demand/duty', { data: { onDuty: true } }), 'on duty');
    await join(a, specialtyId, 'Dor de cabeça forte desde a manhã.');
    await join(b, specialtyId, 'Manchas vermelhas no braço desde ontem.');

    // B is second, with a forecast, and sends a photo of the rash with the complaint.
    const bPage = await waitingPage(browser, b, { notifications: true });
    await expect(bPage.getByText('Você é o 2º da fila', { exact: true })).toBeVisible();
    await expect(bPage.getByText(/^Previsão de atendimento: (?!sem previsão)/)).toBeVisible();
    const files = bPage.getByRole('region', { name: 'Fotos e exames' });
    await files
      .getByLabel('Enviar fotos ou exames (opcional)')
      .setInputFiles({ name: 'mancha-no-braço.png', mimeType: 'image/png', buffer: PNG });
    await expect(files.getByRole('heading', { name: 'Arquivos enviados' })).toBeVisible();
    await expect(files.getByRole('listitem')).toHaveText('mancha-no-braço.png(1 KB)');
    await settle(bPage, 'Pronto atendimento');
    await shoot(bPage, 'waiting');

    // A leaves from their own screen; B's moves up to first, live: the same document, never reloaded.
    await bPage.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const aPage = await waitingPage(browser, a);
    await expect(aPage.getByText('Você é o 1º da fila', { exact: true })).toBeVisible();
    await aPage.getByRole('button', { name: 'Sair da fila' }).click();
    await aPage.getByRole('alertdialog').getByRole('button', { name: 'Sair da fila' }).click();
    await expect(aPage.getByRole('heading', { name: 'Você saiu da fila' })).toBeVisible();
    await expect(bPage.getByText('Você é o 1º da fila', { exact: true })).toBeVisible();
    await expect(bPage.getByText('Você é o próximo a ser chamado.')).toBeVisible();
    expect(await bPage.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );

    // A push message, as the push service would hand it to this browser, reaches the app's service
    // worker, which shows it (headless Chromium cannot subscribe to a real push service here).
    const { cdp, registrationId } = await serviceWorkerRegistration(bPage);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(BASE_URL).origin,
      registrationId,
      data: JSON.stringify({
        title: 'Sua vez: o médico chamou você',
        body: 'Entre na consulta em até 5 minutos.',
        link: '/patient/pronto-atendimento',
        tag: 'pronto-chamada',
      }),
    });
    await expect
      .poll(() =>
        bPage.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            link: (n.data as { link?: string } | null)?.link,
          }));
        }),
      )
      .toEqual([
        {
          title: 'Sua vez: o médico chamou você',
          body: 'Entre na consulta em até 5 minutos.',
          tag: 'pronto-chamada',
          link: '/patient/pronto-atendimento',
        },
      ]);

    // The doctor, in another browser, sees one waiting and calls: taken into the room.
    const doctorPage = await (await browser.newContext()).newPage();
    await signInContext(doctorPage.context(), doctor.account);
    await doctorPage.goto('/doctor');
    const duty = doctorPage.getByRole('region', { name: 'Plantão' });
    await expect(duty.getByText('1 paciente aguardando')).toBeVisible();
    await duty.getByRole('button', { name: 'Chamar próximo' }).click();
    await expect(doctorPage).toHaveURL(/\/consulta\/[0-9a-f-]+$/);
    const room = new URL(doctorPage.url()).pathname;
    const appointmentId = room.split('/').pop() ?? '';

    // B's screen turns to the call, live, and the bell has it.
    await expect(bPage.getByRole('heading', { name: 'O médico chamou você' })).toBeVisible();
    await expect(bPage).toHaveTitle('Sua vez! — Pulsa');
    await expect(bPage.getByRole('link', { name: 'Entrar na consulta' })).toHaveAttribute('href', room);
    const bell = bPage.getByRole('button', { name: /^Notificações/ });
    await expect(bell).toHaveAccessibleName(/^Notificações, \d+ não lidas?$/);
    await bell.click();
    await expect(
      bPage.getByRole('dialog', { name: 'Notificações' }).getByText('Sua vez: o médico chamou você'),
    ).toBeVisible();
    await bPage.keyboard.press('Escape');
    await settle(bPage, 'Pronto atendimento');
    await shoot(bPage, 'called');

    // Back on the dashboard, the doctor has B's photo on the Plantão card and opens it in a new tab.
    await doctorPage.goto('/doctor');
    await expect(duty.getByText('Paciente em atendimento')).toBeVisible();
    const photo = duty.getByRole('link', { name: 'mancha-no-braço.png (abre em uma nova aba)' });
    await expect(photo).toHaveAttribute('target', '_blank');
    const [tab, opened] = await Promise.all([
      doctorPage.context().waitForEvent('page'),
      doctorPage
        .context()
        .waitForEvent('response', (r) => r.url().includes(`/api/consultations/${appointmentId}/messages/`)),
      photo.click(),
    ]);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('image/png');
    expect(Buffer.compare(await opened.body(), PNG)).toBe(0);
    await tab.close();
    await settle(doctorPage, /^Olá, /);
    await shoot(doctorPage, 'duty', duty);

    // B comes into the room.
    await bPage.getByRole('link', { name: 'Entrar na consulta' }).click();
    await expect(bPage).toHaveURL(new RegExp(`${room}$`));

    // A third patient waits; the team closes the queue from its page: the hold is released, in front of them.
    await join(c, specialtyId, 'Tosse seca há três dias, sem febre.');
    const cPage = await waitingPage(browser, c);
    await expect(cPage.getByText('Você é o 1º da fila', { exact: true })).toBeVisible();

    const adminPage = await (await browser.newContext()).newPage();
    await signInContext(adminPage.context(), ADMIN);
    await adminPage.goto('/admin/pronto-atendimento');
    const queue = adminPage.getByRole('region', { name: SPECIALTY, exact: true });
    await expect(queue.getByText('Aguardando: 1 · Médicos de plantão: 1')).toBeVisible();
    await settle(adminPage, 'Pronto atendimento');
    await shoot(adminPage, 'admin', queue);
    await queue.getByRole('button', { name: 'Encerrar fila' }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Encerrar a fila de ${SPECIALTY}?` });
    await dialog.getByLabel('Motivo').fill('Instabilidade no vídeo: voltamos em breve.');
    await dialog.getByRole('button', { name: 'Encerrar fila' }).click();
    await expect(adminPage.getByText('Fila encerrada. Os pacientes foram avisados.')).toBeVisible();
    await expect(queue.getByText('Desativado', { exact: true })).toBeVisible();

    await expect(cPage.getByRole('heading', { name: 'A fila foi encerrada' })).toBeVisible();
    await expect(
      cPage.getByText(
        'A fila do pronto atendimento foi encerrada pela equipe do Pulsa. A reserva de R$ 80,00 no seu cartão foi liberada: nada foi cobrado.',
      ),
    ).toBeVisible();
    await expect(cPage.getByText('Motivo: Instabilidade no vídeo: voltamos em breve.')).toBeVisible();
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    // The queue closes for the rest of the run, whatever happened: other journeys' landing page stays as it was.
    await ok(
      await adminApi.put(`/api/admin/on-demand/${specialtyId}`, { data: { ...SERVICE, enabled: false } }),
      'closing the queue',
    );
  }
});

/**
 * The registration of the app's service worker (the production build registers /sw.js once
 * loaded), by its DevTools id, and the DevTools session that knows it.
 */
async function serviceWorkerRegistration(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await page.context().newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${new URL(BASE_URL).origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await found };
}
