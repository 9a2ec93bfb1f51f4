import { config } from 'zod';

// In the browser, zod's probe for `new Function` (to compile faster parsers) is an eval that the
// page's CSP forbids and reports. The browser parses small forms: the plain parser is enough.
// Servers keep the compiled parsers.
if ('window' in globalThis) config({ jitless: true });
