import fs from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import path from 'node:path';
import { type BrowserContext, chromium, type Page, request } from '@playwright/test';
import type { AppointmentDto } from '../packages/shared/src/schemas/appointments.ts';
import config from './playwright.config.ts';
import { type Account, BASE_URL, SESSION_COOKIE, sessionToken, signInContext } from './support/accounts.ts';
import {
  accept,
  approvedDoctor,
  book,
  moveIntoOpenRoom,
  ok,
  patient as patientAccount,
  saoPaulo,
  slot,
  tag,
} from './support/consultations.ts';
import { DEMO_ACCOUNTS, DEMO_URL, demoUrl } from './support/demo.ts';
import { expect, test } from './support/fixtures.ts';
import { storeTheme } from './support/pages.ts';
import { SLOWDOWN } from './support/slowdown.ts';

/**
 * The consultation room with two real browsers' worth of media: Chromium's fake camera and
 * microphone, a patient and a doctor in two contexts. They meet in the waiting room, give consent,
 * connect by WebRTC and both decode the other's video, chat both ways, share a file, lose the
 * network and come back, and the doctor ends the consultation; the patient rates it. Another
 * records a no-show on the demo's consultation under way, and another refuses the camera permission
 * and reads the message.
 *
 * The appointment is booked two days ahead, paid, accepted, then moved by the doctor into a slot
 * that starts within minutes (a window of the doctor's agenda opening then), so the room is open at
 * once.
 */

const SHOTS = path.resolve(import.meta.dirname, '.artifacts/screenshots');
const baseArgs = (config.use?.launchOptions?.args ?? []) as string[];
const executablePath = config.use?.launchOptions?.executablePath;
const FAKE_DEVICES = '--use-fake-device-for-media-stream';
/** A 2×1 PNG: the picture the patient shares in the chat. */
const EXAM_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWPgndLBO6UDAAcwAlOVz+ocAAAAAElFTkSuQmCC',
  'base64',
);

// The fake camera and microphone come with the `camera` project (playwright.config.ts).

// ── Set-up through the API ───────────────────────────────────────────────

interface Meeting {
  doctor: Account;
  patient: Account;
  appointment: AppointmentDto;
}

/**
 * A confirmed, paid consultation whose room is open now: an approved doctor free every day but
 * today, booked two days ahead, paid and accepted, then moved by the doctor to start in a few
 * minutes (support/consultations.ts, moveIntoOpenRoom).
 */
async function meeting(): Promise<Meeting> {
  const today = saoPaulo().weekday;
  const doctor = await approvedDoctor(`Dra. Beatriz Lemos ${tag()}`, {
    price: 15_000,
    days: [0, 1, 2, 3, 4, 5, 6].filter((d) => d !== today),
    prefix: 'sala',
  });
  const patient = await patientAccount(`Renato Siqueira ${tag()}`, 'sala');
  const booked = await book(patient, doctor, await slot(doctor, 2, '08:00'));
  await accept(doctor, booked.id);
  const appointment = await moveIntoOpenRoom(doctor, booked.id);
  await Promise.all([doctor.api.dispose(), patient.api.dispose()]);
  return { doctor: doctor.account, patient: patient.account, appointment };
}

// ── Browser helpers ──────────────────────────────────────────────────────

/** Keeps every RTCPeerConnection the page makes, so the test can read its getStats(). */
async function watchPeerConnections(context: BrowserContext) {
  await context.addInitScript(() => {
    const Original = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { __peers: RTCPeerConnection[] }).__peers = made;
    window.RTCPeerConnection = class extends Original {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        made.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}

/** Video frames decoded by the newest peer connection, and how many connections the page made. */
function framesDecoded(page: Page): Promise<{ frames: number; peers: number }> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
    const pc = peers.at(-1);
    if (!pc || pc.connectionState === 'closed') return { frames: 0, peers: peers.length };
    let frames = 0;
    (await pc.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
      if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded ?? 0;
    });
    return { frames, peers: peers.length };
  });
}

/** Errors of the pages this spec opens itself (the fixture watches only its own page). */
const pageErrors: string[] = [];
test.beforeEach(() => {
  pageErrors.length = 0;
});
test.afterEach(() => {
  expect(pageErrors, 'a room page logged errors').toEqual([]);
});

async function roomPage(
  browser: import('@playwright/test').Browser,
  account: Pick<Account, 'email' | 'password'>,
  width: number,
  baseUrl = BASE_URL,
  token?: string,
) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await signInContext(context, account, { baseUrl, ...(token ? { token } : {}) });
  await watchPeerConnections(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Expected lines: an HTTP 4xx the test provokes, and the browser's own notes while it is offline.
    if (/status of 4\d\d|ERR_INTERNET_DISCONNECTED|WebSocket connection to .* failed/.test(message.text()))
      return;
    pageErrors.push(`console.error: ${message.text()}`);
  });
  await storeTheme(page, 'light');
  return { context, page };
}

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: path.join(SHOTS, `${name}-${page.viewportSize()?.width}-light.png`),
    fullPage: true,
  });

// ── Journeys ─────────────────────────────────────────────────────────────

test('patient and doctor meet by video, chat, share a file, come back after a network drop, and end it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { doctor, patient, appointment } = await meeting();
  const doc = await roomPage(browser, doctor, 1280);
  const pat = await roomPage(browser, patient, 390);

  // The doctor opens the room from the week of consultations.
  await doc.page.goto(`/consulta/${appointment.id}`);
  await expect(
    doc.page.getByRole('heading', { level: 1, name: `Consulta de ${patient.name}` }),
  ).toBeVisible();
  await expect(doc.page.getByText('O paciente ainda não entrou.')).toBeVisible();
  await expect(
    doc.page.getByText('O paciente ainda não aceitou o termo de consentimento da teleconsulta.'),
  ).toBeVisible();
  await expect(doc.page.getByRole('meter', { name: 'Nível do microfone' })).toBeAttached();
  await expect(doc.page.getByText('Esta consulta não é gravada.').first()).toBeVisible();

  // The patient comes from the list of consultations.
  await pat.page.goto('/patient/consultations');
  await pat.page.getByRole('link', { name: 'Entrar na consulta' }).first().click();
  await expect(pat.page).toHaveURL(new RegExp(`/consulta/${appointment.id}$`));
  await expect(
    pat.page.getByRole('heading', { level: 1, name: `Consulta com ${doctor.name}` }),
  ).toBeVisible();
  await expect(pat.page.getByText('O médico entrou')).toBeVisible();
  await expect(doc.page.getByText('O paciente está na sala de espera')).toBeVisible();

  // Consent first: the join button waits for it.
  const join = pat.page.getByRole('button', { name: 'Entrar na consulta' });
  await expect(join).toBeDisabled();
  await pat.page.getByRole('button', { name: 'Ler e aceitar o termo' }).click();
  const consent = pat.page.getByRole('dialog', { name: 'Termo de consentimento para teleconsulta' });
  await expect(consent.getByRole('button', { name: 'Aceitar e continuar' })).toBeDisabled();
  await consent.getByRole('checkbox').check();
  await consent.getByRole('button', { name: 'Aceitar e continuar' }).click();
  await expect(consent).toBeHidden();
  await expect(join).toBeEnabled();

  await shot(pat.page, 'consultation-waiting-room');
  await shot(doc.page, 'consultation-waiting-room');

  await doc.page.getByRole('button', { name: 'Entrar na consulta' }).click();
  await join.click();
  for (const side of [doc.page, pat.page]) {
    await expect(side.getByRole('region', { name: 'Chamada de vídeo' })).toBeVisible();
    await expect
      .poll(async () => (await framesDecoded(side)).frames, { timeout: 30_000 * SLOWDOWN })
      .toBeGreaterThan(0);
  }
  await expect(
    doc.page.getByRole('status', { name: /^Qualidade da conexão: Conexão (boa|razoável)$/ }),
  ).toBeVisible({
    timeout: 20_000 * SLOWDOWN,
  });
  await expect(doc.page.getByText('O paciente está na chamada')).toBeVisible();
  await expect(pat.page.getByText('O médico está na chamada')).toBeVisible();
  await shot(pat.page, 'consultation-call');
  await shot(doc.page, 'consultation-call');

  // Chat both ways.
  const say = async (page: Page, text: string) => {
    await page.getByLabel('Mensagem', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  };
  await say(pat.page, 'Boa tarde, doutora. Estou com dor de cabeça há três dias.');
  await expect(
    doc.page
      .getByRole('list', { name: 'Mensagens' })
      .getByText('Boa tarde, doutora. Estou com dor de cabeça há três dias.'),
  ).toBeVisible();
  await say(doc.page, 'Entendi. Vou lhe enviar o pedido de exame.');
  await expect(
    pat.page.getByRole('list', { name: 'Mensagens' }).getByText('Entendi. Vou lhe enviar o pedido de exame.'),
  ).toBeVisible();

  // The patient shares a file; the doctor opens it from the chat.
  const chooser = pat.page.waitForEvent('filechooser');
  await pat.page.getByRole('button', { name: 'Enviar arquivo' }).click();
  await (await chooser).setFiles({ name: 'resultado do exame.png', mimeType: 'image/png', buffer: EXAM_PNG });
  const fileLink = doc.page.getByRole('link', { name: 'Abrir resultado do exame.png' });
  await expect(fileLink).toBeVisible();
  const [opened] = await Promise.all([doc.context.waitForEvent('page'), fileLink.click()]);
  await opened.waitForLoadState();
  expect(await opened.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBe(2);
  await opened.close();
  await expect(pat.page.getByRole('link', { name: 'Abrir resultado do exame.png' })).toBeVisible();
  await shot(pat.page, 'consultation-chat-file');
  await shot(doc.page, 'consultation-chat-file');

  // The patient's network drops and comes back: the room says so, and the doctor's new call is joined.
  const before = await framesDecoded(pat.page);
  await pat.context.setOffline(true);
  await expect(pat.page.getByText('Sem conexão com o servidor. Tentando novamente...')).toBeVisible({
    timeout: 30_000 * SLOWDOWN,
  });
  await pat.context.setOffline(false);
  await expect(pat.page.getByText('Sem conexão com o servidor. Tentando novamente...')).toBeHidden({
    timeout: 30_000 * SLOWDOWN,
  });
  for (const side of [pat.page, doc.page]) {
    await expect
      .poll(
        async () => {
          const now = await framesDecoded(side);
          return side === pat.page && now.peers <= before.peers ? 0 : now.frames;
        },
        { timeout: 45_000 * SLOWDOWN },
      )
      .toBeGreaterThan(0);
  }

  // The doctor completes with notes; the patient sees the outcome and rates the doctor.
  await doc.page.getByRole('button', { name: 'Concluir consulta' }).click();
  const end = doc.page.getByRole('alertdialog', { name: 'Concluir a consulta?' });
  await end
    .getByLabel('Orientações para o paciente (opcional)')
    .fill('Hidratação e repouso; retorno se a dor piorar.');
  await end.getByRole('button', { name: 'Concluir consulta' }).click();
  await expect(doc.page.getByText('Consulta concluída').first()).toBeVisible();
  await expect(pat.page.getByText('Hidratação e repouso; retorno se a dor piorar.')).toBeVisible({
    timeout: 20_000 * SLOWDOWN,
  });
  await pat.page.getByRole('button', { name: 'Avaliar o médico' }).click();
  const review = pat.page.getByRole('dialog', { name: 'Como foi a consulta?' });
  // The star itself is what a person taps (the radio inside it is visually hidden).
  await review.locator('label', { has: pat.page.getByRole('radio', { name: '5 estrelas' }) }).click();
  await expect(review.getByRole('radio', { name: '5 estrelas' })).toBeChecked();
  await review.getByLabel('Comentário (opcional)').fill('Muito atenciosa.');
  await review.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(pat.page.getByText('Você já avaliou esta consulta. Obrigado!')).toBeVisible();

  // Both lists show the outcome.
  await pat.page.goto('/patient/consultations?scope=past');
  await expect(pat.page.getByText('Concluída').first()).toBeVisible();

  // The patient's settings keep the consent given in the room, with the text accepted.
  await pat.page.goto('/patient/settings');
  await expect(
    pat.page.getByText(/^Você aceitou a versão \S+ em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\.$/),
  ).toBeVisible();
  await pat.page.getByText('Ver o texto aceito').click();
  await expect(pat.page.getByText(/Resolução CFM nº 2\.314\/2022/).first()).toBeVisible();
  await shot(pat.page, 'patient-settings-consent-accepted');
  // The consent may be withdrawn (the text says so); it is then asked again before the next call.
  await pat.page.getByRole('button', { name: 'Retirar consentimento' }).click();
  const withdraw = pat.page.getByRole('alertdialog', { name: 'Retirar o consentimento?' });
  await withdraw.getByRole('button', { name: 'Retirar consentimento' }).click();
  await expect(pat.page.getByText(/^Você ainda não aceitou o termo\./)).toBeVisible();

  await Promise.all([doc.context.close(), pat.context.close()]);
});

test('the doctor records a no-show after the wait, and the patient is told', async ({ browser }) => {
  test.setTimeout(120_000);
  // The demo's consultation under way started 20 minutes before the demo app was filled, and its
  // patient has not come in: booking cannot make a consultation that started 15 minutes ago.
  const patientToken = await sessionToken(DEMO_ACCOUNTS.patient, DEMO_URL);
  const patientApi = await request.newContext({
    baseURL: DEMO_URL,
    extraHTTPHeaders: { cookie: `${SESSION_COOKIE}=${patientToken}` },
  });
  // Still "upcoming" while it lasts, "past" once its end went by (its room stays open an hour more).
  const lists = await Promise.all(
    ['upcoming', 'past'].map(async (scope) =>
      ok<{ items: AppointmentDto[] }>(
        await patientApi.get(`/api/patient/appointments?scope=${scope}&pageSize=50`),
        'the demo patient’s consultations',
      ),
    ),
  );
  await patientApi.dispose();
  const underway = lists
    .flatMap((list) => list.items)
    .find((a) => a.status === 'confirmed' && Date.parse(a.startsAt) < Date.now());
  if (!underway) throw new Error('the demo has no consultation under way');

  const doc = await roomPage(browser, DEMO_ACCOUNTS.doctor, 1280, DEMO_URL);
  await doc.page.goto(demoUrl(`/consulta/${underway.id}`));
  await expect(doc.page.getByText('O paciente ainda não entrou.')).toBeVisible();
  await doc.page.getByRole('button', { name: 'Paciente não compareceu' }).click();
  const confirm = doc.page.getByRole('alertdialog', { name: 'Registrar que o paciente não compareceu?' });
  await confirm.getByRole('button', { name: 'Registrar ausência' }).click();
  await expect(doc.page.getByText('Consulta marcada como “Não compareceu”')).toBeVisible();

  const pat = await roomPage(browser, DEMO_ACCOUNTS.patient, 390, DEMO_URL, patientToken);
  await pat.page.goto(demoUrl(`/consulta/${underway.id}`));
  await expect(pat.page.getByText('Consulta marcada como “Não compareceu”')).toBeVisible();
  await pat.page.goto(demoUrl('/patient/consultations?scope=past'));
  await expect(pat.page.getByText('Não compareceu').first()).toBeVisible();
  await Promise.all([doc.context.close(), pat.context.close()]);
});

test('a refused camera and microphone permission says what to do', async () => {
  test.setTimeout(180_000);
  const { patient, appointment } = await meeting();
  // A browser of its own: without the flag that answers every permission prompt with "allow".
  const strict = await chromium.launch({ executablePath, args: [...baseArgs, FAKE_DEVICES] });
  try {
    const context = await strict.newContext({ baseURL: BASE_URL, permissions: [] });
    await signInContext(context, patient);
    const page = await context.newPage();
    // Headless Chromium has nobody to ask: the prompt is dismissed, as a user's "Bloquear" would be.
    await page.goto(`/consulta/${appointment.id}`);
    const alert = page.getByRole('alert').filter({ hasText: 'Acesso negado à câmera e ao microfone' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('permita câmera e microfone');
    await expect(alert.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    // The chat still works without media.
    await expect(page.getByRole('region', { name: 'Chat da consulta' })).toBeVisible();
  } finally {
    await strict.close();
  }
});

test('perfect negotiation connects two real peer connections that offer at the same moment, and renegotiates', async ({
  page,
}) => {
  // The room's negotiation module itself, types stripped, in a real browser: real JSEP, real glare.
  const script = roomModule('rtc/perfect-negotiation.ts');
  await page.goto('/terms');
  const result = await page.evaluate(`(async () => {
    ${script}
    const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
    const doctor = new RTCPeerConnection();
    const patient = new RTCPeerConnection();
    const sides = {};
    // Each signal arrives a little later, as over the network, so the two offers cross.
    const wire = (to) => (signal) => setTimeout(() => sides[to].receive(signal), 5);
    sides.doctor = perfectNegotiation(doctor, { polite: false, send: wire('patient') });
    sides.patient = perfectNegotiation(patient, { polite: true, send: wire('doctor') });
    for (const track of stream.getTracks()) {
      doctor.addTrack(track, stream);
      patient.addTrack(track.clone(), stream);
    }
    const until = async (check) => {
      for (let i = 0; i < 600 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
      return check();
    };
    const frames = async (pc) => {
      let n = 0;
      (await pc.getStats()).forEach((s) => { if (s.type === 'inbound-rtp' && s.kind === 'video') n += s.framesDecoded ?? 0; });
      return n;
    };
    const connected = () => doctor.connectionState === 'connected' && patient.connectionState === 'connected';
    const first = await until(connected);
    let decoded = [0, 0];
    for (let i = 0; i < 200 && (decoded[0] === 0 || decoded[1] === 0); i++) {
      decoded = [await frames(doctor), await frames(patient)];
      await new Promise((r) => setTimeout(r, 50));
    }
    // Both restart ICE at once (a network change seen by both): a second glare, settled the same way.
    doctor.restartIce();
    patient.restartIce();
    const stable = await until(() => doctor.signalingState === 'stable' && patient.signalingState === 'stable');
    await new Promise((r) => setTimeout(r, 500));
    return { first, decoded, stable, after: connected() };
  })()`);
  expect(result).toEqual({
    first: true,
    decoded: [expect.any(Number), expect.any(Number)],
    stable: true,
    after: true,
  });
  const [doctorFrames, patientFrames] = (result as { decoded: number[] }).decoded;
  expect(doctorFrames).toBeGreaterThan(0);
  expect(patientFrames).toBeGreaterThan(0);
});

/** A module of the room, types stripped, ready to run inside a page (exports become plain declarations). */
function roomModule(file: string): string {
  const source = fs.readFileSync(
    path.resolve(import.meta.dirname, '../apps/web/src/features/consultation', file),
    'utf8',
  );
  return stripTypeScriptTypes(source).replace(/^export /gm, '');
}

test('the device check names a refused permission and a missing device as real browsers report them, and the meter hears the microphone', async ({
  page,
}) => {
  const classify = `(async () => {
    ${roomModule('media/media-errors.ts')}
    try {
      await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      return 'opened';
    } catch (error) {
      return mediaFailureOf(error);
    }
  })()`;
  // This file's browser answers prompts with "allow" and has fake devices: the meter's case.
  await page.goto('/terms');
  const loudest = await page.evaluate(`(async () => {
    ${roomModule('media/audio-level.ts')}
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const context = new AudioContext();
    await context.resume();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let max = 0;
    // The fake microphone beeps once a second: listen for a little longer than that.
    for (let i = 0; i < 40; i++) {
      await new Promise((r) => setTimeout(r, 50));
      analyser.getByteTimeDomainData(samples);
      max = Math.max(max, audioLevel(samples));
    }
    return max;
  })()`);
  expect(loudest).toBeGreaterThan(0.05);

  // A browser that asks (nobody answers in headless mode, as a "Bloquear" would): permission refused.
  const asking = await chromium.launch({ executablePath, args: [...baseArgs, FAKE_DEVICES] });
  // A browser that allows but has no camera or microphone at all.
  const bare = await chromium.launch({
    executablePath,
    args: [...baseArgs, '--use-fake-ui-for-media-stream'],
  });
  try {
    const refused = await (await asking.newContext({ baseURL: BASE_URL })).newPage();
    await refused.goto('/terms');
    expect(await refused.evaluate(classify)).toBe('permission-denied');
    const empty = await (await bare.newContext({ baseURL: BASE_URL })).newPage();
    await empty.goto('/terms');
    expect(await empty.evaluate(classify)).toBe('no-device');
  } finally {
    await Promise.all([asking.close(), bare.close()]);
  }
});
