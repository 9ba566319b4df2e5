import { join } from 'node:path';
import type { Config } from '../../config.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { FileStorage } from './storage.js';

/** S3 when S3_BUCKET is set (README: the S3_* settings), else DATA_DIR/uploads. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(join(config.dataDir, 'uploads'));
}
