import type { AppConfig } from '../../config.ts';
import { localStorage } from './files.local.ts';
import { s3Storage } from './files.s3.ts';
import type { FileStorage } from './files.storage.ts';

/** S3-compatible storage when S3_BUCKET is set, else the local disk under DATA_DIR. */
export function createFileStorage(config: AppConfig): FileStorage {
  return config.s3 ? s3Storage(config.s3) : localStorage(config.dataDir);
}
