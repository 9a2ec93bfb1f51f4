import { eq } from 'drizzle-orm';
import { loadConfigOrExit } from '../config.ts';
import { doctorProfiles, userProfiles } from '../db/schema.ts';
import { createFileStorage } from '../modules/files/files.service.ts';
import { startLocalPsc } from '../modules/signatures/local-psc.ts';
import { PSC_DEFAULTS } from '../modules/signatures/signatures.psc.ts';
import { localTestAuthority, type TestHolder } from '../modules/signatures/signatures.test-chain.ts';
import { DEMO_LOGINS, DEMO_PASSWORDS, type DemoState, prepareDemoData } from '../seed/demo-data.ts';
import { startServer } from '../start.ts';

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

// The demo doctors sign for real, with certificates of a local TEST chain from a local PSC
// (decision 121): the chain is kept beside the demo data; the PSC finds the demo's doctors by CPF.
const authority = await localTestAuthority(config.dataDir);
let lookupDoctor: (cpf: string) => Promise<TestHolder | undefined> = async () => undefined;
const psc = await startLocalPsc({
  authority,
  port: Number(process.env.LOCAL_PSC_PORT) || 0,
  resolveAccount: (cpf) => lookupDoctor(cpf),
});
config.signature = {
  providers: [
    ...config.signature.providers,
    {
      id: 'teste-local',
      name: 'PSC local de TESTE (Pulsa)',
      baseUrl: psc.baseUrl,
      clientId: psc.clientId,
      clientSecret: psc.clientSecret,
      ...PSC_DEFAULTS,
      test: true,
    },
  ],
  icpBrasilRoots: config.signature.icpBrasilRoots,
  testRoots: [...config.signature.testRoots, authority.rootDer],
};

startServer(config, {
  async prepare(app) {
    lookupDoctor = async (cpf) => {
      const [doctor] = await app.db
        .select({ name: userProfiles.fullName, birthDate: userProfiles.birthDate })
        .from(userProfiles)
        .innerJoin(doctorProfiles, eq(doctorProfiles.userId, userProfiles.id))
        .where(eq(userProfiles.cpf, cpf));
      return doctor ? { cpf, name: doctor.name, birthDate: doctor.birthDate ?? '1980-01-01' } : undefined;
    };
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
        `Doctors sign documents with a TEST certificate from the local PSC at ${psc.baseUrl} (Perfil → Assinatura digital); it is not ICP-Brasil.`,
        '',
        '',
      ].join('\n'),
    );
  })
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
