import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Histogram } from 'prom-client';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { Metrics } from './metrics.ts';

/**
 * The Grafana dashboard (ops/grafana/pulsa-dashboard.json) asks only for series this module
 * registers, every one of its own series has a panel, and every query is PromQL promtool accepts.
 */

// biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's variable syntax, not a template.
const DATA_SOURCE = '${DS_PROMETHEUS}';

interface Target {
  expr: string;
  datasource?: { uid?: string };
}
interface Panel {
  type: string;
  title: string;
  datasource?: { uid?: string };
  targets?: Target[];
  panels?: Panel[];
}

const dashboard = JSON.parse(
  fs.readFileSync(
    path.resolve(import.meta.dirname, '../../../../../ops/grafana/pulsa-dashboard.json'),
    'utf8',
  ),
) as {
  panels: Panel[];
  templating: { list: { name: string; type: string; query: string | { query: string } }[] };
};

/** Every series name the module exposes (a histogram as its _bucket, _sum and _count). */
const registered = new Set(
  new Metrics(
    // The constructor only keeps these; nothing is read until a scrape.
    { poolStats: () => undefined } as unknown as Database,
    { version: '0', env: 'test', databaseDriver: 'pglite', paymentsTestMode: true },
    () => 0,
  ).registry
    .getMetricsAsArray()
    .flatMap((m) =>
      m instanceof Histogram ? ['_bucket', '_sum', '_count'].map((s) => m.name + s) : [m.name],
    ),
);

const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]).filter((p) => p.type !== 'row');
const queries = panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));
/** Grafana's `label_values(series, label)`: the series part is PromQL, the label is not. */
const variableQueries = dashboard.templating.list
  .filter((v) => v.type === 'query')
  .map((v) => {
    const query = typeof v.query === 'string' ? v.query : v.query.query;
    return { panel: `variable ${v.name}`, expr: /^label_values\((.+),\s*\w+\)$/.exec(query)?.[1] ?? query };
  });

/**
 * The series a query names: what is left once strings, label matchers, ranges, grouping clauses and
 * Grafana's variables are taken out, except names called as functions and PromQL's binary keywords.
 */
function seriesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\boffset\s+\w+/g, '')
    .replace(/\$\w+/g, '');
  return [...bare.matchAll(/[A-Za-z_:][\w:]*(?!\s*\(|\w)/g)]
    .map((m) => m[0])
    .filter((word) => !['and', 'or', 'unless', 'bool'].includes(word));
}

describe('the Grafana dashboard', () => {
  it('reads its data source from the DS_PROMETHEUS variable, in every panel and query', () => {
    expect(dashboard.templating.list.find((v) => v.name === 'DS_PROMETHEUS')?.type).toBe('datasource');
    for (const panel of panels) {
      expect(panel.datasource?.uid, panel.title).toBe(DATA_SOURCE);
      for (const target of panel.targets ?? []) expect(target.datasource?.uid, panel.title).toBe(DATA_SOURCE);
    }
  });

  it('names only series the metrics module registers', () => {
    expect(queries.length).toBeGreaterThan(20);
    for (const { panel, expr } of [...queries, ...variableQueries]) {
      const names = seriesIn(expr);
      expect(names.length, `${panel}: ${expr}`).toBeGreaterThan(0);
      for (const name of names)
        expect(registered.has(name), `${panel}: ${name} is not registered`).toBe(true);
    }
  });

  it("shows every one of Pulsa's own series (the process's come from prom-client)", () => {
    const shown = new Set(queries.flatMap(({ expr }) => seriesIn(expr)));
    const own = [...registered].filter(
      (name) =>
        !/^pulsa_(process|nodejs)_/.test(name) && !/_(sum|count)$/.test(name) && !name.endsWith('_bucket'),
    );
    const histograms = [...registered].filter((name) => /^pulsa_(?!process|nodejs).*_bucket$/.test(name));
    for (const name of [...own, ...histograms]) expect(shown.has(name), `${name} has no panel`).toBe(true);
  });

  const promtool = spawnSync('promtool', ['--version']).status === 0;
  it.skipIf(!promtool)('has queries promtool parses (each as a recording rule)', () => {
    // Grafana's interval variables become a fixed range; other variables sit inside label strings.
    const rules = queries.map(({ expr }, i) => ({
      record: `pulsa_dashboard:query_${i}`,
      expr: expr.replace(/\$__(rate_interval|interval|range)/g, '5m'),
    }));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-dashboard-')), 'rules.yml');
    // JSON is YAML: promtool reads it as a rules file.
    fs.writeFileSync(file, JSON.stringify({ groups: [{ name: 'dashboard', rules }] }));
    try {
      const check = spawnSync('promtool', ['check', 'rules', file], { encoding: 'utf8' });
      expect(check.status, check.stdout + check.stderr).toBe(0);
      expect(check.stdout).toContain(`SUCCESS: ${rules.length} rules found`);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
