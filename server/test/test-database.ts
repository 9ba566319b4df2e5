import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));
const TEMPLATE_PREFIX = 'cadenza-test-pglite-';

/** Names the template after the installed PGlite and the exact migration files. */
function templateFile(): string {
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { mtimeMs, size } = statSync(pgliteEntry);
  hash.update(`${pgliteEntry}:${mtimeMs}:${size}`);
  const files = readdirSync(MIGRATIONS_DIR, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
  for (const f of files) hash.update(f).update(readFileSync(f));
  return join(tmpdir(), `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * A fresh PGlite costs seconds of initdb and migrations; a dumped, migrated one loads in about
 * one. The first test file builds the template in the temp folder; every later file (and run)
 * starts from it. migrate() still runs, and answers at once when nothing is new.
 */
async function openPgliteTestDatabase(): Promise<Database> {
  const file = templateFile();
  if (existsSync(file)) {
    const pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
    const db = await openDatabase({ pglite });
    await db.migrate();
    return db;
  }
  const pglite = await PGlite.create({});
  const db = await openDatabase({ pglite });
  await db.migrate();
  const dump = await pglite.dumpDataDir('none');
  // Written beside and renamed, so a reader never sees half a file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  // Templates of older migrations or PGlite versions are of no more use.
  for (const old of readdirSync(tmpdir())) {
    if (old.startsWith(TEMPLATE_PREFIX) && old.endsWith('.tar') && join(tmpdir(), old) !== file) rmSync(join(tmpdir(), old), { force: true });
  }
  return db;
}

/** A fresh, migrated database: PGlite in memory, or a new PostgreSQL database dropped on close. */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    return openPgliteTestDatabase();
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
