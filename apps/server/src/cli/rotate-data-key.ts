import { decodeKey, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { rotateDataKey } from '../lib/data-key-rotation.ts';
import { localEncryptionKey } from '../lib/encryption.ts';

/**
 * Rotates the installation's data key (docs/operations/data-key-rotation.md). With the app stopped:
 *
 *   NEW_DATA_ENCRYPTION_KEY="$(openssl rand -base64 32)" npm run rotate-data-key --workspace apps/server
 *
 * The current key is DATA_ENCRYPTION_KEY (or the one kept in DATA_DIR). Every encrypted value is
 * rewritten under the new key in one transaction; then start the app with DATA_ENCRYPTION_KEY set to
 * the new key.
 */
const config = loadConfig();
const newKey = decodeKey(process.env.NEW_DATA_ENCRYPTION_KEY ?? '');
if (!newKey) {
  console.error(
    'Set NEW_DATA_ENCRYPTION_KEY to 32 random bytes as base64 or 64 hex digits (openssl rand -base64 32).',
  );
  process.exit(1);
}
const oldKey = config.dataEncryptionKey ?? localEncryptionKey(config.dataDir);
if (oldKey.equals(newKey)) {
  console.error('The new key is the current key.');
  process.exit(1);
}
const database = await openDatabase(config);
try {
  await database.migrate();
  const counts = await rotateDataKey(database.db, oldKey, newKey);
  for (const [table, n] of Object.entries(counts)) console.log(`${table}: ${n} values re-encrypted`);
  console.log(
    'Done. Start the app with DATA_ENCRYPTION_KEY set to the new key (and keep the old one until then).',
  );
} catch (error) {
  console.error(`Nothing was changed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
