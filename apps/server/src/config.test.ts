import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, isLocalAppUrl, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smtp: undefined,
    });
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it('takes a direct database address beside a pooled one, and then sends no named statements', () => {
    const pooled = 'postgres://pulsa@127.0.0.1:6432/pulsa';
    const direct = 'postgres://pulsa@127.0.0.1:5432/pulsa';
    expect(loadConfig({ DATABASE_URL: pooled })).toMatchObject({
      databaseDirectUrl: undefined,
      databaseNamedStatements: true,
    });
    expect(loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct })).toMatchObject({
      databaseUrl: pooled,
      databaseDirectUrl: direct,
      databaseNamedStatements: false,
    });
    // PgBouncer 1.21+ with max_prepared_statements keeps named statements across transactions.
    expect(
      loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct, DATABASE_NAMED_STATEMENTS: 'true' })
        .databaseNamedStatements,
    ).toBe(true);
    expect(() => loadConfig({ DATABASE_DIRECT_URL: direct })).toThrow(
      /DATABASE_DIRECT_URL: set it with DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: 'mysql://x' })).toThrow(
      /DATABASE_DIRECT_URL: must start with postgres/,
    );
  });

  it('takes a relative DATA_DIR from the folder npm was started in', () => {
    expect(loadConfig({ INIT_CWD: '/srv/pulsa', DATA_DIR: './dados' }).dataDir).toBe('/srv/pulsa/dados');
    expect(loadConfig({ INIT_CWD: '/srv/pulsa', DATA_DIR: '/var/lib/pulsa' }).dataDir).toBe('/var/lib/pulsa');
  });

  it('names every wrong variable in one message', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        APP_URL: 'not a url',
        SMTP_SECURE: 'maybe',
        ICE_SERVERS: '[1',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'APP_URL', 'SMTP_SECURE', 'ICE_SERVERS'])
        expect(message).toContain(name);
    }
  });

  it('wants the Stripe publishable key with the secret key (the checkout uses Elements)', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY/,
    );
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(config.stripe).toMatchObject({
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
    });
    expect(config.paymentsTestMode).toBe(false);
  });

  it('wants the Stripe webhook secret with the secret key, in every environment', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      const attempt = () =>
        loadConfig({
          NODE_ENV,
          APP_URL: 'https://pulsa.com.br',
          DATA_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
          STRIPE_SECRET_KEY: 'sk_test_1',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        });
      expect(attempt, NODE_ENV).toThrow(ConfigError);
      expect(attempt, NODE_ENV).toThrow(
        /^Invalid configuration:\n {2}STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/,
      );
    }
  });

  it('runs the built-in test payment environment by default only outside production', () => {
    expect(loadConfig({}).paymentsTestMode).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).paymentsTestMode).toBe(true);
    const production = {
      NODE_ENV: 'production',
      APP_URL: 'https://pulsa.com.br',
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
    };
    // Production without a provider stops, naming the variable and the way to run tests on purpose.
    const attempt = () => loadConfig(production);
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/^Invalid configuration:\n {2}STRIPE_SECRET_KEY: required in production/);
    expect(attempt).toThrow(/PAYMENTS_TEST_MODE=true/);
    expect(() => loadConfig({ ...production, PAYMENTS_TEST_MODE: 'false' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...production, PAYMENTS_TEST_MODE: 'yes' })).toThrow(/PAYMENTS_TEST_MODE/);
    expect(loadConfig({ ...production, PAYMENTS_TEST_MODE: 'true' }).paymentsTestMode).toBe(true);
    // Saying "no test environment" anywhere else asks for a provider too.
    expect(() => loadConfig({ PAYMENTS_TEST_MODE: 'false' })).toThrow(/STRIPE_SECRET_KEY/);
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    };
    expect(loadConfig({ ...production, ...stripe }).paymentsTestMode).toBe(false);
    // Both at once is a contradiction, not a choice the server makes silently.
    expect(() => loadConfig({ ...production, ...stripe, PAYMENTS_TEST_MODE: 'true' })).toThrow(
      /PAYMENTS_TEST_MODE: the built-in test environment runs only without STRIPE_SECRET_KEY/,
    );
  });

  it("holds a doctor's share 7 days after the consultation unless DOCTOR_SHARE_HOLD_DAYS says otherwise", () => {
    expect(loadConfig({}).shareHoldDays).toBe(7);
    expect(loadConfig({ DOCTOR_SHARE_HOLD_DAYS: '0' }).shareHoldDays).toBe(0);
    expect(loadConfig({ DOCTOR_SHARE_HOLD_DAYS: '14' }).shareHoldDays).toBe(14);
    for (const wrong of ['-1', '91', '2.5', 'sete'])
      expect(() => loadConfig({ DOCTOR_SHARE_HOLD_DAYS: wrong }), wrong).toThrow(
        /DOCTOR_SHARE_HOLD_DAYS: must be a whole number of days from 0 to 90/,
      );
  });

  it('builds payouts on Mondays at 09:00 (São Paulo) from R$ 50,00 unless configured otherwise', () => {
    expect(loadConfig({}).payouts).toEqual({ schedule: '0 9 * * 1', minimumAmount: 5000 });
    expect(loadConfig({ PAYOUT_SCHEDULE: '30 8 * * 5', PAYOUT_MINIMUM_CENTAVOS: '100' }).payouts).toEqual({
      schedule: '30 8 * * 5',
      minimumAmount: 100,
    });
    expect(() => loadConfig({ PAYOUT_SCHEDULE: 'toda segunda' })).toThrow(
      /PAYOUT_SCHEDULE: must be five cron fields/,
    );
    for (const wrong of ['0', '-5', '10.5', 'cem'])
      expect(() => loadConfig({ PAYOUT_MINIMUM_CENTAVOS: wrong }), wrong).toThrow(
        /PAYOUT_MINIMUM_CENTAVOS: must be whole centavos/,
      );
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.com' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
  });

  it('reads SMTP, admin and ICE servers', () => {
    const config = loadConfig({
      SMTP_HOST: 'smtp.exemplo.com',
      SMTP_PORT: '465',
      ADMIN_EMAIL: 'Admin@Exemplo.com',
      ADMIN_PASSWORD: '12345678',
      ICE_SERVERS: '[{"urls":"stun:stun.exemplo.com:3478"}]',
      APP_URL: 'https://pulsa.com.br/',
    });
    expect(config.smtp).toMatchObject({ host: 'smtp.exemplo.com', port: 465, secure: true });
    expect(config.admin).toEqual({ email: 'admin@exemplo.com', password: '12345678' });
    expect(config.iceServers).toEqual([{ urls: 'stun:stun.exemplo.com:3478' }]);
    expect(config.appUrl).toBe('https://pulsa.com.br');
  });

  it('time-stamps signatures only with SIGNATURE_TSA_URL, an http(s) address', () => {
    expect(loadConfig({}).signature.tsaUrl).toBeUndefined();
    expect(loadConfig({ SIGNATURE_TSA_URL: 'https://act.exemplo.com.br/tsa' }).signature.tsaUrl).toBe(
      'https://act.exemplo.com.br/tsa',
    );
    expect(() => loadConfig({ SIGNATURE_TSA_URL: 'ftp://act.exemplo.com.br' })).toThrow(/SIGNATURE_TSA_URL/);
    expect(() => loadConfig({ SIGNATURE_TSA_URL: 'tsa' })).toThrow(/SIGNATURE_TSA_URL/);
  });

  it('takes a VAPID pair only whole and matching, and a mailto: or https: subject', () => {
    const pair = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    expect(loadConfig({}).push).toEqual({
      vapid: undefined,
      subject: 'mailto:nao-responda@pulsa.local',
    });
    expect(loadConfig({ APP_URL: 'https://pulsa.com.br' }).push.subject).toBe('https://pulsa.com.br');
    expect(
      loadConfig({
        VAPID_PUBLIC_KEY: pair.publicKey,
        VAPID_PRIVATE_KEY: pair.privateKey,
        VAPID_SUBJECT: 'mailto:equipe@pulsa.com.br',
      }).push,
    ).toEqual({ vapid: pair, subject: 'mailto:equipe@pulsa.com.br' });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/,
    );
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: other.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: must be a P-256 public key/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://pulsa.com.br' })).toThrow(
      /VAPID_SUBJECT: must be mailto:/,
    );
  });

  it('limits sign-in requests to 10 a minute per address unless AUTH_RATE_LIMIT says otherwise', () => {
    expect(loadConfig({}).authRateLimit).toBe(10);
    expect(loadConfig({ AUTH_RATE_LIMIT: '50' }).authRateLimit).toBe(50);
    expect(() => loadConfig({ AUTH_RATE_LIMIT: '0' })).toThrow(/AUTH_RATE_LIMIT/);
  });

  it('traces only with an OTLP endpoint, read from the standard OTEL_* variables', () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_SERVICE_NAME: 'pulsa' }).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toEqual({
      url: 'http://collector:4318/v1/traces',
      headers: {},
      serviceName: 'pulsa',
      resourceAttributes: {},
      sampler: 'parentbased_always_on',
      samplerRatio: 1,
    });
    const tracing = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://api.example.com/otlp/v1/traces',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-team=pulsa,authorization=Basic%20YWJj',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-team=saude',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=producao,service.name=ignorado',
      OTEL_SERVICE_NAME: 'pulsa-api',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
    }).tracing;
    expect(tracing).toEqual({
      url: 'https://api.example.com/otlp/v1/traces',
      headers: { 'x-team': 'saude', authorization: 'Basic YWJj' },
      serviceName: 'pulsa-api',
      resourceAttributes: { 'deployment.environment.name': 'producao', 'service.name': 'ignorado' },
      sampler: 'parentbased_traceidratio',
      samplerRatio: 0.25,
    });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).tracing,
    ).toBeUndefined();
    const wrong = {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization',
      OTEL_TRACES_SAMPLER: 'sometimes',
      OTEL_TRACES_SAMPLER_ARG: '2',
    };
    for (const [name, value] of Object.entries(wrong))
      expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', [name]: value }), name).toThrow(
        new RegExp(`${name}: `),
      );
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(/only http\/protobuf/);
  });

  it('takes TRUST_PROXY as a hop count or proxy addresses, and refuses "true"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
    ]);
    for (const bad of ['true', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('in production, wants an https APP_URL (or the explicit opt-out) and DATA_ENCRYPTION_KEY', () => {
    const key = Buffer.alloc(32, 3).toString('base64');
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_ENCRYPTION_KEY: key })).toThrow(
      /APP_URL: must be https/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', APP_URL: 'http://pulsa.com.br', DATA_ENCRYPTION_KEY: key }),
    ).toThrow(/ALLOW_INSECURE_APP_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_URL: 'https://pulsa.com.br' })).toThrow(
      /DATA_ENCRYPTION_KEY: required in production/,
    );
    const local = loadConfig({
      NODE_ENV: 'production',
      APP_URL: 'http://localhost:3000',
      ALLOW_INSECURE_APP_URL: 'true',
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('hex'),
      PAYMENTS_TEST_MODE: 'true',
    });
    expect(local.dataEncryptionKey?.length).toBe(32);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'short' })).toThrow(/DATA_ENCRYPTION_KEY/);
    // Development needs neither.
    expect(loadConfig({ NODE_ENV: 'development' }).dataEncryptionKey).toBeUndefined();
  });
});

describe('isLocalAppUrl', () => {
  it('is true for this machine only: localhost, 127.0.0.0/8 and ::1', () => {
    for (const url of [
      'http://localhost:3000',
      'http://LOCALHOST',
      'http://127.0.0.1',
      'http://127.255.0.9:8080',
      'http://[::1]:3000',
    ])
      expect(isLocalAppUrl(url), url).toBe(true);
    for (const url of [
      'https://pulsa.com.br',
      'http://localhost.pulsa.com.br',
      'http://127.0.0.1.nip.io',
      'http://192.168.0.10:3000',
      'http://[::2]',
      'not a url',
    ])
      expect(isLocalAppUrl(url), url).toBe(false);
  });
});
