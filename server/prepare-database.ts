import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { seedDemoIfEmpty } from './demo.js';
import { hasSuperadmin } from './first-superadmin.js';
import { secretBoxOf } from './lib/secret-box.js';
import { createStorage } from './services/storage/create-storage.js';

/**
 * What every start does to its database: the migrations, the demo on the embedded database only
 * (config.seedDemo is never set on PostgreSQL), and whether the first superadmin is still missing.
 */
export async function prepareDatabase(db: Database, config: Pick<Config, 'seedDemo' | 'encryptionKey' | 'dataDir' | 's3'>): Promise<{ seeded: boolean; needsSuperadmin: boolean }> {
  await db.migrate();
  const seeded = config.seedDemo ? await seedDemoIfEmpty(db, secretBoxOf(config), createStorage(config)) : false;
  return { seeded, needsSuperadmin: !(await hasSuperadmin(db)) };
}
