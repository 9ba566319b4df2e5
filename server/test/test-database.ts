import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';

/** A fresh, migrated database: PGlite in memory, or a new PostgreSQL database dropped on close. */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const db = await openDatabase({});
    await db.migrate();
    return db;
  }
  const name = `cadenza_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), poolSize: 5 });
  await db.migrate();
  return {
    ...db,
    url: url.toString(),
    async close() {
      await db.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
