/**
 * The video part of `npm run bench:realtime`: two headless Chromium pages with a fake camera and
 * microphone meet in the real consultation room (the built web app, the live connection, the
 * server's room rules) over loopback. For each of 10 calls, a new doctor and patient with a
 * confirmed consultation starting in 5 minutes; the doctor waits in the call; the time is taken from
 * the patient's click on "Entrar na consulta" until both pages have decoded a frame of the other's
 * video (getStats framesDecoded > 0). Target: median ≤ 1.5 s.
 *
 * Needs the built web app (`npm run build`) and a migrated database. Made for bench/realtime.ts to
 * call with its database and its `target` reporter, so one run prints every target of the issue.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.ts';
import type { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { appointments } from '../apps/server/src/db/schema.ts';
import { createDoctor, createPatient } from '../apps/server/src/seed/factories.ts';

const CALLS = Number(process.env.BENCH_VIDEO_CALLS ?? 10);
const TARGET_MS = 1500;
const POLL_MS = 20;
const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

type Config = ReturnType<typeof loadConfig>;
export type Target = (name: string, met: boolean, detail: string) => void;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** Frames of video the page's newest peer connection has decoded. */
const framesDecoded = (page: Page) =>
  page.evaluate(async () => {
    const pc = (window as unknown as { __peers?: RTCPeerConnection[] }).__peers?.at(-1);
    if (!pc) return 0;
    let frames = 0;
    (await pc.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
      if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded ?? 0;
    });
    return frames;
  });

/** The page's peer connections as "connection/signalling/ICE" states, to say why a call failed. */
const peerStates = (page: Page) =>
  page.evaluate(() => {
    const peers = (window as unknown as { __peers?: RTCPeerConnection[] }).__peers ?? [];
    return peers.length
      ? peers.map((pc) => `${pc.connectionState}/${pc.signalingState}/${pc.iceConnectionState}`).join(', ')
      : 'no peer connection';
  });

async function signedInPage(browser: Browser, baseUrl: string, cookie: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
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
  return context.newPage();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function runVideoBench(database: Database, baseConfig: Config, target: Target): Promise<void> {
  const name = `join → first remote video frame, median of ${CALLS} calls ≤ ${TARGET_MS / 1000} s`;
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    target(name, false, 'the web app is not built (npm run build)');
    return;
  }
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  // The live connection's Origin check compares with APP_URL: take a free port first, then serve on it.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const served = await buildApp({ ...baseConfig, webDistDir: WEB_DIST, appUrl: baseUrl }, database, {
    logger: false,
  });
  await served.listen({ port, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const times: number[] = [];
  const failures: string[] = [];
  try {
    for (let call = 0; call < CALLS; call++) {
      const db = database.db;
      const doctor = await createDoctor(db, { fullName: `Dra. Bench Vídeo ${call}`, availability: [] });
      const patient = await createPatient(db, { fullName: `Paciente Bench Vídeo ${call}` });
      const startsAt = new Date(Date.now() + 5 * 60_000);
      const [appointment] = await db
        .insert(appointments)
        .values({
          patientId: patient.id,
          doctorId: doctor.doctorId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 30 * 60_000),
          status: 'confirmed',
          price: 15_000,
          confirmedAt: new Date(),
        })
        .returning({ id: appointments.id });
      const room = `/consulta/${appointment?.id}`;
      const login = async (who: { email: string; password: string }) => {
        const res = await served.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { origin: baseUrl },
          payload: { email: who.email, password: who.password },
        });
        return String(res.headers['set-cookie'] ?? '').split(';')[0] as string;
      };
      const doctorPage = await signedInPage(browser, baseUrl, await login(doctor));
      const patientPage = await signedInPage(browser, baseUrl, await login(patient));
      try {
        await doctorPage.goto(room);
        const doctorJoin = doctorPage.getByRole('button', { name: 'Entrar na consulta' });
        try {
          await doctorJoin.waitFor({ timeout: 20_000 });
        } catch {
          failures.push(
            'the room page offered no "Entrar na consulta" (is the consultation room in this build?)',
          );
          break;
        }
        await doctorJoin.click();
        await patientPage.goto(room);
        await patientPage.getByRole('button', { name: 'Ler e aceitar o termo' }).click();
        await patientPage.getByRole('checkbox').check();
        await patientPage.getByRole('button', { name: 'Aceitar e continuar' }).click();
        const join = patientPage.getByRole('button', { name: 'Entrar na consulta' });
        await join.waitFor();
        // Enabled once the consent is recorded.
        while (!(await join.isEnabled())) await new Promise((r) => setTimeout(r, POLL_MS));
        const started = performance.now();
        await join.click();
        const deadline = started + 30_000;
        let seen = { doctor: false, patient: false };
        while (!(seen.doctor && seen.patient) && performance.now() < deadline) {
          const [d, p] = await Promise.all([framesDecoded(doctorPage), framesDecoded(patientPage)]);
          seen = { doctor: seen.doctor || d > 0, patient: seen.patient || p > 0 };
          if (!(seen.doctor && seen.patient)) await new Promise((r) => setTimeout(r, POLL_MS));
        }
        if (seen.doctor && seen.patient) times.push(performance.now() - started);
        else
          failures.push(
            `call ${call + 1}: no frame within 30 s (doctor: ${await peerStates(doctorPage)}; patient: ${await peerStates(patientPage)})`,
          );
      } finally {
        await Promise.all([doctorPage.context().close(), patientPage.context().close()]);
      }
    }
  } finally {
    await browser.close();
    await served.close();
  }
  const detail = times.length
    ? `median ${Math.round(median(times))} ms, max ${Math.round(Math.max(...times))} ms over ${times.length} calls` +
      (failures.length ? `; ${failures.join('; ')}` : '')
    : failures.join('; ') || 'no call measured';
  target(name, failures.length === 0 && times.length === CALLS && median(times) <= TARGET_MS, detail);
}
