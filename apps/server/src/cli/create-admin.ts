import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { AuthService } from '../modules/auth/auth.service.ts';

/**
 * Creates an admin account: `npm run create-admin -- --email admin@exemplo.com --password '...'`
 * (or ADMIN_EMAIL / ADMIN_PASSWORD). No screen creates admins.
 */
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' } },
});
const config = loadConfig();
const email = values.email ?? config.admin?.email;
const password = values.password ?? config.admin?.password;
if (!email || !password) {
  console.error(
    'Usage: npm run create-admin -- --email admin@example.com --password "at least 8 characters"',
  );
  process.exit(1);
}
if (password.length < 8 || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
  console.error('The email must be valid and the password must have at least 8 characters.');
  process.exit(1);
}

const database = await openDatabase(config);
try {
  await database.migrate();
  const auth = new AuthService({ db: database.db, config, onEmailQueued: () => {} });
  const result = await auth.ensureAdmin(email, password);
  console.log(result === 'created' ? `Admin ${email} created.` : `Admin ${email} already exists.`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
