/**
 * Every operations benchmark in one run (`npm run bench:ops`; issue 30, decision 141), one after the
 * other on a quiet machine, each as it runs alone:
 * - restore: `npm run test:restore` (pgBackRest point-in-time restore into a new cluster, integrity
 *   checked, RPO and RTO printed; decision 138);
 * - rolling: `npm run bench:rolling` (both instances restarted under load; decision 131);
 * - chaos: `npm run bench:chaos` (20 kills, PostgreSQL restarted and unreachable, PgBouncer lost;
 *   decision 140);
 * - load: `npm run bench:load` (300 users for 10 minutes through the proxy), whose window is also
 *   judged for growth as the soak is. The 30-minute soak itself (`npm run bench:soak`) does not fit
 *   in this run's 30 minutes beside the rest: it runs alone (decision 141).
 * Each part prints its own targets; this prints one line per part and a last one for the time taken,
 * and exits non-zero when any part missed a target or failed. OPS_PARTS=restore,load runs some.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { report } from './support/report.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUDGET_MINUTES = 30;
// The restore is a test, not a benchmark: it passes or fails, and prints its RPO and RTO.
const PARTS: { name: string; command: string[]; passes?: RegExp }[] = [
  {
    name: 'restore',
    command: ['bash', '-c', 'bash ops/backup/install.sh && node ops/backup/restore-test.ts'],
    passes: /every check passed/,
  },
  { name: 'rolling', command: ['node', 'bench/rolling.ts'] },
  { name: 'chaos', command: ['node', 'bench/chaos.ts'] },
  { name: 'load', command: ['node', 'bench/load.ts'] },
];
const chosen = process.env.OPS_PARTS?.split(',').map((p) => p.trim());
const unknown = chosen?.filter((p) => !PARTS.some((part) => part.name === p)) ?? [];
if (unknown.length) {
  process.stderr.write(`OPS_PARTS: unknown ${unknown.join(', ')} (${PARTS.map((p) => p.name).join(', ')})\n`);
  process.exit(2);
}

interface Outcome {
  code: number;
  met: number;
  missed: string[];
  /** Lines worth repeating in the summary (the restore's RPO and RTO). */
  notes: string[];
  seconds: number;
}

/** Runs one part with its output shown as it comes, counting the targets it prints. */
function run(name: string, command: string[], passes?: RegExp): Promise<Outcome> {
  const started = Date.now();
  const outcome: Outcome = { code: 0, met: 0, missed: [], notes: [], seconds: 0 };
  return new Promise((resolve) => {
    const child = spawn(command[0] as string, command.slice(1), {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let rest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        process.stdout.write(`${name.padEnd(8)}| ${line}\n`);
        if (/^met\s/.test(line) || passes?.test(line)) outcome.met++;
        if (/^(RPO|RTO):/.test(line)) outcome.notes.push(line);
        if (/^(MISSED|missed)\s/.test(line)) outcome.missed.push(line.replace(/^\S+\s+/, '').trim());
      }
    });
    child.on('exit', (code, signal) => {
      outcome.code = code ?? (signal ? 128 : 1);
      outcome.seconds = (Date.now() - started) / 1000;
      resolve(outcome);
    });
  });
}

const out = report(40);
const started = Date.now();
const results: [string, Outcome][] = [];
for (const part of PARTS.filter((p) => !chosen || chosen.includes(p.name))) {
  process.stdout.write(`\n=== ${part.name}: ${part.command.join(' ')}\n`);
  results.push([part.name, await run(part.name, part.command, part.passes)]);
}
process.stdout.write('\n');
for (const [name, o] of results) {
  out.target(
    `${name}: every target met`,
    o.code === 0 && o.missed.length === 0 && o.met > 0,
    `${o.met} met, ${o.missed.length} missed${o.missed.length ? ` (${o.missed.join('; ')})` : ''}; ` +
      `exit ${o.code}; ${(o.seconds / 60).toFixed(1)} min${o.notes.length ? `; ${o.notes.join('; ')}` : ''}`,
  );
}
const minutes = (Date.now() - started) / 60_000;
out.target(
  `the run took ≤ ${BUDGET_MINUTES} min`,
  minutes <= BUDGET_MINUTES,
  `${minutes.toFixed(1)} min for ${results.map(([n]) => n).join(', ')}`,
);
out.finish();
