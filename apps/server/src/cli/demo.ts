import { createFileStorage } from '../modules/files/files.service.ts';
import { DEMO_LOGINS, DEMO_PASSWORDS, type DemoState, prepareDemoData } from '../seed/demo-data.ts';
import { loadConfigOrExit, startServer } from '../start.ts';

/**
 * `npm run demo`: the whole app, started exactly like `npm start`, on its own embedded database
 * (DATA_DIR, default ./.demo-data) filled with demo data on the first run only.
 * DATABASE_URL is ignored on purpose: demo accounts never reach a real database.
 */
const ignoredDatabaseUrl = Boolean(process.env.DATABASE_URL);
const config = loadConfigOrExit({
  ...process.env,
  DATA_DIR: process.env.DATA_DIR || './.demo-data',
  DATABASE_URL: '',
  // The demo is a test environment by nature: without Stripe keys it takes the built-in test
  // payments even under NODE_ENV=production, which otherwise refuses to start without a provider.
  PAYMENTS_TEST_MODE: process.env.PAYMENTS_TEST_MODE || (process.env.STRIPE_SECRET_KEY ? '' : 'true'),
});

let state: DemoState = 'present';

startServer(config, {
  async prepare(app) {
    if (ignoredDatabaseUrl)
      app.log.warn('demo: DATABASE_URL is ignored; the demo runs on its own embedded database');
    const started = Date.now();
    const result = await prepareDemoData(app.db, createFileStorage(app.config), app.booking);
    state = result.state;
    if (result.summary)
      app.log.info({ ...result.summary, ms: Date.now() - started }, 'demo: data created (first run)');
    if (result.bookingStoryError)
      app.log.warn(
        { err: result.bookingStoryError },
        'demo: the sample consultations could not be booked; the rest of the demo is in place',
      );
    else if (state === 'filled' && !result.summary?.bookings)
      app.log.info('demo: a payment provider is configured, so no sample consultations were booked');
    if (state === 'present') app.log.info('demo: data already in place, left as it is');
    if (state === 'foreign') {
      app.log.warn(
        { dataDir: config.dataDir },
        'demo: this data directory already holds other accounts; no demo data added',
      );
    }
  },
})
  .then(() => {
    if (state === 'foreign') return;
    const rows = [
      ['admin', DEMO_LOGINS.admin, DEMO_PASSWORDS.admin],
      ['doctor (approved)', DEMO_LOGINS.doctor, DEMO_PASSWORDS.doctor],
      ['doctor (pending review)', DEMO_LOGINS.pendingDoctor, DEMO_PASSWORDS.doctor],
      ['doctor (rejected)', DEMO_LOGINS.rejectedDoctor, DEMO_PASSWORDS.doctor],
      ['doctor (profile to complete)', DEMO_LOGINS.newDoctor, DEMO_PASSWORDS.doctor],
      ['patient', DEMO_LOGINS.patient, DEMO_PASSWORDS.patient],
    ];
    const width = Math.max(...rows.map((r) => (r[0] as string).length));
    const lines = rows.map(
      ([who, email, password]) => `  ${(who as string).padEnd(width)}  ${email}  /  ${password}`,
    );
    process.stdout.write(
      [
        '',
        `Pulsa demo at ${config.appUrl} (data in ${config.dataDir})`,
        'Demo logins (the same every run; every demo doctor and patient shares its role password):',
        ...lines,
        'Admins sign in with two-factor: the first admin sign-in asks to scan a QR code with an authenticator app.',
        '',
        '',
      ].join('\n'),
    );
  })
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
