/**
 * Generates the project's CID-10 table (modules/records/cid10-data.json) from the official DATASUS
 * tables (cid-10-categorias.csv and cid-10-subcategorias.csv, `;`-separated, UTF-8). Run again only
 * when DATASUS publishes a new edition, with a new CID10_VERSION in packages/shared/src/schemas/cid10.ts:
 *
 *   npx node apps/server/src/cli/generate-cid10.ts <folder with the DATASUS csv files>
 *
 * The app never reads the DATASUS folder: it loads the committed JSON (decision 085).
 */
import fs from 'node:fs';
import path from 'node:path';
import { CID10_VERSION } from '@pulsa/shared/schemas/cid10';

type Row = [code: string, description: string, sex: string | null];

function readCsv(file: string): Record<string, string>[] {
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const header = (lines.shift() ?? '').split(';');
  return lines.map((line) => {
    const cells = line.split(';');
    return Object.fromEntries(header.map((h, i) => [h, (cells[i] ?? '').trim()]));
  });
}

function main() {
  const dir = process.argv[2];
  if (!dir) {
    console.error(
      'usage: generate-cid10.ts <folder with cid-10-categorias.csv and cid-10-subcategorias.csv>',
    );
    process.exit(2);
  }
  const rows: Row[] = [];
  for (const r of readCsv(path.join(dir, 'cid-10-categorias.csv'))) {
    if (/^[A-Z]\d\d$/.test(r.CAT ?? '') && r.DESCRICAO) rows.push([r.CAT as string, r.DESCRICAO, null]);
  }
  for (const r of readCsv(path.join(dir, 'cid-10-subcategorias.csv'))) {
    if (/^[A-Z]\d\d[\dX]$/.test(r.SUBCAT ?? '') && r.DESCRICAO)
      rows.push([
        r.SUBCAT as string,
        r.DESCRICAO,
        r.RESTRSEXO === 'F' || r.RESTRSEXO === 'M' ? r.RESTRSEXO : null,
      ]);
  }
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const codes = new Set(rows.map((r) => r[0]));
  if (codes.size !== rows.length) throw new Error('duplicate CID-10 codes in the source');
  const out = path.join(import.meta.dirname, '../modules/records/cid10-data.json');
  // One code per line: small diffs when DATASUS corrects a description.
  const body = rows.map((r) => JSON.stringify(r)).join(',\n');
  fs.writeFileSync(out, `{"version":${JSON.stringify(CID10_VERSION)},"codes":[\n${body}\n]}\n`);
  console.log(`${rows.length} codes written to ${path.relative(process.cwd(), out)} (${CID10_VERSION})`);
}

main();
