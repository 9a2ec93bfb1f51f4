/**
 * The edges between parts of the code that `npm run lint` keeps (decision 066). Each rule names a
 * direction the code must not take; dependency-cruiser resolves every import (relative paths, the
 * web app's `@/` alias, the shared package's exports, type-only imports too) before matching, so a
 * rule holds however the import is written.
 *
 * Server layers, from the bottom: lib/ and db/ → plugins/ → modules/<domain>/ → seed/ and app.ts.
 */
const SERVER = '^apps/server/src';
const WEB = '^apps/web/src';
/** Tests compose every layer (factories, apps, modules) and are not part of the one they test. */
const TEST = '[.]test[.]tsx?$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycles in the apps and the shared package: a cycle means two files that cannot be ' +
        'understood, tested or moved one without the other.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'infrastructure-below-modules',
      comment:
        'lib/, db/ and plugins/ are the infrastructure the modules stand on: they never import a ' +
        'module or the seed. What a plugin needs of a module is handed in by app.ts (the session ' +
        'lookup, the catalogue the server-rendered pages read).',
      severity: 'error',
      from: { path: `${SERVER}/(lib|db|plugins)/`, pathNot: TEST },
      to: { path: `${SERVER}/(modules|seed)/` },
    },
    {
      name: 'lib-and-db-below-plugins',
      comment: 'lib/ and db/ are below the HTTP plugins and know nothing of Fastify requests.',
      severity: 'error',
      from: { path: `${SERVER}/(lib|db)/`, pathNot: TEST },
      to: { path: `${SERVER}/plugins/` },
    },
    {
      name: 'repository-stays-in-its-module',
      comment:
        "A module's repository (*.repository.ts) is its own: another module uses it only through " +
        'its service and other public files.',
      severity: 'error',
      from: { path: `${SERVER}/modules/([^/]+)/` },
      to: {
        path: `${SERVER}/modules/[^/]+/[^/]+[.]repository[.]ts$`,
        pathNot: `${SERVER}/modules/$1/`,
      },
    },
    {
      name: 'repository-not-outside-modules',
      comment:
        'Nothing outside the modules reads a repository either: the seed, the CLI, the plugins and ' +
        "the test helpers go through a module's public files.",
      severity: 'error',
      from: { path: `${SERVER}/`, pathNot: `${SERVER}/modules/` },
      to: { path: `${SERVER}/modules/[^/]+/[^/]+[.]repository[.]ts$` },
    },
    {
      name: 'account-not-auth',
      comment:
        'Sign-in (auth) uses the account security it checks (second factor, device labels, password ' +
        'policy); account management never imports auth, so the two do not import each other.',
      severity: 'error',
      from: { path: `${SERVER}/modules/account/` },
      to: { path: `${SERVER}/modules/auth/` },
    },
    {
      name: 'payments-not-appointments',
      comment:
        'Appointments build on payments (providers, money, PDFs). Payments never imports ' +
        'appointments: the provider webhook hands its events to a callback app.ts wires. A test may ' +
        'drive an appointment to see what its money does.',
      severity: 'error',
      from: { path: `${SERVER}/modules/payments/`, pathNot: TEST },
      to: { path: `${SERVER}/modules/appointments/` },
    },
    {
      name: 'feature-through-public-entry',
      comment:
        'A web feature uses another feature only through its public entry, features/<name>/index.ts; ' +
        'everything else in a feature folder is its own.',
      severity: 'error',
      from: { path: `${WEB}/features/([^/]+)/` },
      to: {
        path: `${WEB}/features/[^/]+/`,
        pathNot: [`${WEB}/features/$1/`, `${WEB}/features/[^/]+/index[.]tsx?$`],
      },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API for dependency-cruiser to parse with; swc reads TS and TSX,
    // type-only imports included.
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist(-ssr)?/'] },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
    // The web app's `@/` alias (see that file for why it is not read from the tsconfig).
    webpackConfig: { fileName: '.dependency-cruiser.resolve.cjs' },
  },
};
