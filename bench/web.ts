/**
 * Web speed and size benchmark: serves the production build, then for each public page prints the
 * Lighthouse (mobile) scores and the gzipped JavaScript the page loads, and checks that no code of
 * the signed-in areas is loaded on public pages. Run with `npm run bench:web` (it builds first).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3300);
const base = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const pages = ['/', '/specialties', '/login'];
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
const LANDING_JS_BUDGET_KB = 100;
/** Source folders whose code must never load on a public page. */
const PRIVATE_SOURCES = [/src\/app\/routes\/(admin|doctor|patient)\//, /src\/components\/layout\/.*shell/i];

async function startServer(): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/demo.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
}

function loadManifest(): Record<string, { file: string; src?: string }> {
  const file = path.join(root, 'apps/web/dist/.vite/manifest.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

async function measureJs(url: string) {
  const manifest = Object.values(loadManifest());
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.slice(1) });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const scripts = new Map<string, number>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      scripts.set(res.url(), gzipSync(await res.body(), { level: 9 }).length);
    } catch {
      // redirected or aborted
    }
  });
  await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
  await browser.close();
  const privateChunks = [...scripts.keys()]
    .map((u) => new URL(u).pathname.slice(1))
    .filter((file) =>
      manifest.some((m) => m.file === file && m.src && PRIVATE_SOURCES.some((re) => re.test(m.src ?? ''))),
    );
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  return { gzipKb: total / 1024, files: scripts.size, privateChunks };
}

async function main() {
  const server = await startServer();
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  const results: Record<string, unknown>[] = [];
  let failures = 0;
  try {
    for (const url of pages) {
      const run = await lighthouse(`${base}${url}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(TARGETS),
      });
      const categories = run?.lhr.categories ?? {};
      const scores = Object.fromEntries(
        Object.keys(TARGETS).map((k) => [k, Math.round((categories[k]?.score ?? 0) * 100)]),
      ) as Record<keyof typeof TARGETS, number>;
      const js = await measureJs(url);
      const misses = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).filter((k) => scores[k] < TARGETS[k]);
      if (url === '/' && js.gzipKb > LANDING_JS_BUDGET_KB) misses.push('landing JS budget' as never);
      if (js.privateChunks.length) misses.push('private code loaded' as never);
      failures += misses.length;
      const audits = run?.lhr.audits ?? {};
      const failing = Object.values(audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      const ms = (id: string) => Math.round(Number(audits[id]?.numericValue ?? Number.NaN));
      results.push({
        url,
        ...scores,
        fcpMs: ms('first-contentful-paint'),
        lcpMs: ms('largest-contentful-paint'),
        tbtMs: ms('total-blocking-time'),
        cls: Number(Number(audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
        siMs: ms('speed-index'),
        jsGzipKb: Number(js.gzipKb.toFixed(1)),
        jsFiles: js.files,
        privateChunks: js.privateChunks,
        failingAudits: failing,
        misses,
      });
    }
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
  }
  console.log('\nPulsa web benchmark (Lighthouse mobile; JS gzipped as loaded by a 390 px page)\n');
  console.table(
    results.map((r) => ({
      page: r.url,
      performance: r.performance,
      accessibility: r.accessibility,
      'best-practices': r['best-practices'],
      seo: r.seo,
      'JS gzip (KB)': r.jsGzipKb,
      'JS files': r.jsFiles,
      'private chunks': (r.privateChunks as string[]).length,
    })),
  );
  console.log('Performance metrics (simulated mobile):');
  console.table(
    results.map((r) => ({ page: r.url, FCP: r.fcpMs, LCP: r.lcpMs, TBT: r.tbtMs, CLS: r.cls, SI: r.siMs })),
  );
  for (const r of results) {
    if ((r.misses as string[]).length)
      console.log(
        `${r.url}: below target — ${(r.misses as string[]).join(', ')}; failing audits: ${(r.failingAudits as string[]).join(', ')}`,
      );
  }
  console.log(
    `Targets: performance ≥ ${TARGETS.performance}, accessibility/best-practices/SEO = 100, landing JS ≤ ${LANDING_JS_BUDGET_KB} KB gzip, no private code on public pages.`,
  );
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/web.json'), JSON.stringify(results, null, 2));
  console.log(failures === 0 ? 'All targets met.' : `${failures} target(s) missed.`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
