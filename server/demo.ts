import type { Database } from './db/client.js';
import { seedDemoIfEmpty as seedDemoPeopleIfEmpty } from './db/seed-demo.js';
import type { SecretBox } from './lib/secret-box.js';
import type { FileStorage } from './services/storage/storage.js';
import { DEMO_SEEDERS } from './modules/index.js';

/** The whole demo into an empty database: its people and schools, then every module's own data. */
export function seedDemoIfEmpty(db: Database, box: SecretBox, storage?: FileStorage): Promise<boolean> {
  return seedDemoPeopleIfEmpty(db, DEMO_SEEDERS, { box, storage });
}
