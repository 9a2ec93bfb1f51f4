import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, type FileStorage } from './files.storage.ts';

/** Files on the local disk under DATA_DIR/files: outside any folder the web server publishes. */
export function localStorage(dataDir: string): FileStorage {
  const root = path.join(dataDir, 'files');
  const fullPath = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const target = fullPath(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temporary = `${target}.${randomUUID()}.part`;
      await fs.promises.writeFile(temporary, body, { mode: 0o600 });
      await fs.promises.rename(temporary, target);
    },
    async get(key): Promise<Readable | null> {
      const target = fullPath(key);
      try {
        await fs.promises.access(target);
      } catch {
        return null;
      }
      return fs.createReadStream(target);
    },
    async exists(key) {
      try {
        return (await fs.promises.stat(fullPath(key))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
    async delete(key) {
      await fs.promises.rm(fullPath(key), { force: true });
    },
  };
}
