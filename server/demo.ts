import type { Database } from './db/client.js';
import { seedDemoIfEmpty as seedDemoPeopleIfEmpty, seedDemoSchool as seedDemoPeopleSchool, type DemoSchool } from './db/seed-demo.js';
import type { SecretBox } from './lib/secret-box.js';
import type { FileStorage } from './services/storage/storage.js';
import { DEMO_SEEDERS, SCHOOL_DEMO_SEEDERS } from './modules/index.js';

/** The whole demo into an empty database: its people and schools, then every module's own data. */
export function seedDemoIfEmpty(db: Database, box: SecretBox, storage?: FileStorage): Promise<boolean> {
  return seedDemoPeopleIfEmpty(db, DEMO_SEEDERS, { box, storage });
}

/**
 * One more Riverside for a browser spec (docs/decisions/064-each-browser-spec-on-its-own-school.md):
 * its people, then the modules' data that seeds one school.
 */
export function seedDemoSchool(db: Database, suffix: string, box: SecretBox, storage?: FileStorage): Promise<DemoSchool> {
  return seedDemoPeopleSchool(db, suffix, SCHOOL_DEMO_SEEDERS, { box, storage });
}
