import fs from 'node:fs';

/** The server package's version (`pulsa_build_info`, the traces' `service.version`). */
export const APP_VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
