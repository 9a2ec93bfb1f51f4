import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { keptEncryptionKey } from '../lib/encryption.ts';
import { createFileStorage } from '../modules/files/files.service.ts';
import { checkIntegrity } from '../modules/integrity/integrity.service.ts';

/**
 * Checks a database and its file store against Pulsa's invariants (decision 138): after a restore,
 * before the restored copy is trusted, or against the live installation. It only reads.
 *
 *   npm run check-integrity --workspace apps/server [-- --json]
 *
 * It reads the app's own configuration: DATABASE_URL (or DATA_DIR's embedded database, with the app
 * stopped), S3_* or DATA_DIR's files, and DATA_ENCRYPTION_KEY (or the key kept in DATA_DIR). Exit 0
 * when every invariant holds, 1 when problems were found (each listed), 2 when it could not check.
 */
const json = process.argv.includes('--json');
const config = loadConfig();
const dataKey = config.dataEncryptionKey ?? keptEncryptionKey(config.dataDir);
if (!dataKey) {
  console.error(
    'No data key: set DATA_ENCRYPTION_KEY to the key this database was written with (docs/operations/backups.md).',
  );
  process.exit(2);
}
const database = await openDatabase(config);
try {
  const started = performance.now();
  const report = await checkIntegrity({ db: database.db, dataKey, storage: createFileStorage(config) });
  const seconds = (performance.now() - started) / 1000;
  if (json) {
    console.log(JSON.stringify({ ...report, seconds }, null, 2));
  } else {
    console.log(
      [
        `ledger: ${report.ledger.transactions} transactions, ${report.ledger.entries} entries`,
        `signed records: ${report.signedRecords}, addenda: ${report.addenda}`,
        `clinical documents: ${report.documents}`,
        `files referenced: ${report.files}`,
        `checked in ${seconds.toFixed(1)} s`,
      ].join('\n'),
    );
    for (const p of report.problems) console.log(`PROBLEM ${p.check} ${p.subject}: ${p.detail}`);
    console.log(
      report.problems.length ? `${report.problems.length} problems found.` : 'Every invariant holds.',
    );
  }
  process.exitCode = report.problems.length ? 1 : 0;
} catch (error) {
  console.error(`Could not check: ${(error as Error).message}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
