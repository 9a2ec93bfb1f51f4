const path = require('node:path');

/**
 * How dependency-cruiser resolves the web app's `@/` alias (apps/web/tsconfig.json `paths`). It would
 * read it from the tsconfig, but only through the TypeScript 5 compiler API, which TypeScript 7 no
 * longer ships; this is the same mapping in the webpack shape it also reads.
 */
module.exports = {
  resolve: { alias: { '@': path.resolve(__dirname, 'apps/web/src') } },
};
