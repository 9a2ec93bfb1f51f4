/**
 * Messages benchmark (`npm run bench:messages`, not a timed test), on PostgreSQL:
 * 1. two server instances on one database: a patient sends a message over HTTP to the first, and
 *    the doctor's live socket on the second receives it — p99 ≤ 50 ms over 200 messages;
 * 2. a conversation with 10,000 messages (and a consultation's chat merged in) opens: its latest
 *    page over HTTP, p95 ≤ 30 ms over 200 openings.
 * Runs on a fresh database of the PostgreSQL server named by BENCH_DATABASE_URL or
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end, so it
 * can run twice in a row. The last line says how many targets were met and missed; the exit code is
 * non-zero on a miss.
 */
import type { LiveFrame } from '@pulsa/shared/schemas/live';
import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { appointments } from '../apps/server/src/db/schema.ts';
import * as counters from '../apps/server/src/lib/counters.ts';
import { createDoctor, createPatient, useFactoryPasswordCost } from '../apps/server/src/seed/factories.ts';
import { benchDatabase } from './support/databases.ts';
import { percentile, report } from './support/report.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const LONG_CONVERSATION = 10_000;
const CHEAP_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
const DELIVERY_P99_MS = 50;
const OPEN_P95_MS = 30;
const DAY = 86_400_000;

const out = report(66);

async function main() {
  const fresh = await benchDatabase('messages', 'postgres');
  const first = await fresh.open();
  const second = await fresh.open();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', APP_URL: 'http://pulsa.bench', LOG_LEVEL: 'silent' }),
    webDistDir: undefined,
    authRateLimit: 100_000,
    dataEncryptionKey: Buffer.alloc(32, 9),
    passwordCost: CHEAP_SCRYPT,
  };
  useFactoryPasswordCost(CHEAP_SCRYPT);
  await first.migrate();
  const one = await buildApp(config, first, { logger: false });
  const two = await buildApp(config, second, { logger: false });
  const origin = new URL(config.appUrl).origin;
  let socket: WebSocket | undefined;
  try {
    const [baseOne, baseTwo] = [
      await one.listen({ port: 0, host: '127.0.0.1' }),
      await two.listen({ port: 0, host: '127.0.0.1' }),
    ];
    const signIn = async (email: string, password: string) => {
      const login = await one.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin },
        payload: { email, password },
      });
      return String(login.headers['set-cookie'] ?? '').split(';')[0] as string;
    };
    /** A patient and a doctor with a confirmed consultation ahead: an open conversation. */
    const pair = async (held = false) => {
      const doctor = await createDoctor(first.db);
      const patient = await createPatient(first.db, { cpf: null });
      const startsAt = new Date(Date.now() + (held ? -DAY : 3 * DAY));
      const [a] = await first.db
        .insert(appointments)
        .values({
          patientId: patient.id,
          doctorId: doctor.doctorId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 30 * 60_000),
          status: held ? 'completed' : 'confirmed',
          price: 15000,
          requestedAt: new Date(startsAt.getTime() - DAY),
        })
        .returning({ id: appointments.id });
      const p = await signIn(patient.email, patient.password);
      const d = await signIn(doctor.email, doctor.password);
      const opened = await fetch(`${baseOne}/api/conversations`, {
        method: 'POST',
        headers: { origin, cookie: p, 'content-type': 'application/json' },
        body: JSON.stringify({ userId: doctor.id }),
      });
      const { id } = (await opened.json()) as { id: string };
      return { id, patient, doctor, p, d, appointmentId: (a as { id: string }).id };
    };

    // 1. Sent over HTTP to the first instance, timed on the doctor's socket on the second.
    const live = await pair();
    socket = new WebSocket(`${(baseTwo as string).replace('http', 'ws')}/api/live`, {
      headers: { origin, cookie: live.d },
    });
    let waiting: ((at: number) => void) | undefined;
    let ready: () => void = () => {};
    const isReady = new Promise<void>((resolve) => {
      ready = resolve;
    });
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as LiveFrame;
      if (frame.kind === 'ready') ready();
      else if (frame.kind === 'event' && frame.event.type === 'message.new') waiting?.(performance.now());
    });
    await new Promise<void>((resolve, reject) => {
      socket?.once('open', () => resolve());
      socket?.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'hello', lastEventId: null }));
    await isReady;
    const latencies: number[] = [];
    for (let i = 0; i < SAMPLES + 10; i++) {
      // The sender's pace limit (20 a minute) is the rule under test elsewhere: reset between sends.
      await counters.clear(first.db, `conversation-messages:${live.patient.id}`);
      const arrived = new Promise<number>((resolve) => {
        waiting = resolve;
      });
      const started = performance.now();
      const res = await fetch(`${baseOne}/api/conversations/${live.id}/messages`, {
        method: 'POST',
        headers: { origin, cookie: live.p, 'content-type': 'application/json' },
        body: JSON.stringify({ body: `Mensagem ${i}` }),
      });
      if (res.status !== 201) throw new Error(`send answered ${res.status}: ${await res.text()}`);
      const at = await arrived;
      waiting = undefined;
      // The first few warm the connections and the prepared plans.
      if (i >= 10) latencies.push(at - started);
    }
    out.target(
      `message delivered across two instances: p99 ≤ ${DELIVERY_P99_MS} ms`,
      percentile(latencies, 99) <= DELIVERY_P99_MS,
      `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    );

    // 2. A long conversation: 10,000 messages over the last 60 days, plus its consultation's chat.
    const long = await pair(true);
    await first.db.execute(sql`
      insert into conversation_messages (conversation_id, sender_id, body, created_at)
      select ${long.id}::uuid,
        case when i % 2 = 0 then ${long.patient.id}::uuid else ${long.doctor.id}::uuid end,
        'Mensagem de acompanhamento número ' || i,
        now() - interval '60 days' + (i * interval '500 seconds')
      from generate_series(1, ${LONG_CONVERSATION}) as i`);
    await first.db.execute(sql`
      insert into consultation_messages (appointment_id, sender_id, body, created_at)
      select ${long.appointmentId}::uuid, ${long.doctor.id}::uuid, 'Na consulta ' || i,
        now() - interval '1 day' + (i * interval '10 seconds')
      from generate_series(1, 200) as i`);
    await first.db.execute(sql`analyze conversation_messages`);
    await first.db.execute(sql`analyze consultation_messages`);
    const opens: number[] = [];
    let count = 0;
    for (let i = 0; i < SAMPLES + 10; i++) {
      const started = performance.now();
      const res = await fetch(`${baseOne}/api/conversations/${long.id}/messages`, {
        headers: { origin, cookie: long.p },
      });
      const page = (await res.json()) as { items: unknown[] };
      if (i >= 10) opens.push(performance.now() - started);
      count = page.items.length;
    }
    out.target(
      `10,000-message conversation, latest page: p95 ≤ ${OPEN_P95_MS} ms`,
      percentile(opens, 95) <= OPEN_P95_MS && count > 0,
      `p50 ${percentile(opens, 50).toFixed(1)} ms, p95 ${percentile(opens, 95).toFixed(1)} ms (${count} per page)`,
    );
  } finally {
    socket?.terminate();
    await one.close();
    await two.close();
    await first.close().catch(() => {});
    await second.close().catch(() => {});
    await fresh.remove();
  }
  out.finish();
}

await main();
