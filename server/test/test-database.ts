import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';
import { readBaseline, releaseToPool, takeIdle } from './pglite-pool.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));
const TEMPLATE_PREFIX = 'cadenza-test-pglite-';

/** A digest of the exact migration files (and whatever else the caller adds). */
function migrationsDigest(extra = ''): string {
  const hash = createHash('sha256').update(extra);
  const files = readdirSync(MIGRATIONS_DIR, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
  for (const f of files) hash.update(f.slice(MIGRATIONS_DIR.length)).update(readFileSync(f));
  return hash.digest('hex').slice(0, 16);
}

/** Names the template after the installed PGlite and the exact migration files. */
function templateFile(): string {
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { mtimeMs, size } = statSync(pgliteEntry);
  return join(tmpdir(), `${TEMPLATE_PREFIX}${migrationsDigest(`${pgliteEntry}:${mtimeMs}:${size}`)}.tar`);
}

/**
 * A fresh PGlite costs seconds of initdb and migrations; a dumped, migrated one loads in about
 * one. The first test file builds the template in the temp folder; every later file (and run)
 * starts from it. migrate() still runs, and answers at once when nothing is new.
 */
async function openPgliteTestDatabase(): Promise<Database> {
  const pglite = takeIdle() ?? (await openPgliteFromTemplate());
  const db = await openDatabase({ pglite });
  await db.migrate();
  await readBaseline(pglite);
  // Closing gives it back emptied, for the next file (decision 086); once: a second close must not
  // empty it again under the file that has it by then, nor put it in the pool twice.
  let released = false;
  return closingWith(db, async () => {
    if (released) return;
    released = true;
    await releaseToPool(pglite);
  });
}

/** `db` whose close, and that of every copy with a job starter, is `close`. */
function closingWith(db: Database, close: () => Promise<void>): Database {
  return { ...db, close, withJobStarter: (startJob) => closingWith(db.withJobStarter(startJob), close) };
}

async function openPgliteFromTemplate(): Promise<PGlite> {
  const file = templateFile();
  if (existsSync(file)) return PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
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
  return pglite;
}

/** A migrated PGlite whose files are in `dataDir` on disk, as `npm start` keeps them (the backup tests copy such a folder). */
export async function openPgliteTestDatabaseIn(dataDir: string): Promise<Database> {
  if (!existsSync(templateFile())) await (await openPgliteTestDatabase()).close();
  mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(templateFile())]) });
  const db = await openDatabase({ pglite });
  await db.migrate();
  return db;
}

/**
 * A fresh, migrated database: PGlite in memory, or a new PostgreSQL database on the server
 * `baseUrl` names (TEST_DATABASE_URL by default), named `prefix` and a random tail, dropped on close.
 */
export async function openTestDatabase(
  baseUrl = process.env.TEST_DATABASE_URL, prefix = 'cadenza_test_',
): Promise<Database & { url?: string }> {
  if (!baseUrl) {
    return openPgliteTestDatabase();
  }
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const template = await migratedTemplate(admin, baseUrl);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(baseUrl, name);
  const db = await openDatabase({ url, poolSize: 5 });
  await db.migrate();
  return {
    ...db,
    url,
    async close() {
      await db.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * Drops the databases named `prefix`<pid>_… whose process is gone: the e2e server's, when it was
 * killed before it could drop its own (tests/e2e/support/serve.ts).
 */
export async function dropOrphanDatabases(baseUrl: string, prefix: string, isRunning: (pid: number) => boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) {
      const pid = Number(datname.slice(prefix.length).split('_')[0]);
      if (Number.isInteger(pid) && pid > 0 && !isRunning(pid)) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

const PG_TEMPLATE_PREFIX = 'cadenza_tmpl_';
/** Templates of other migration sets kept for other checkouts sharing the server (the newest few). */
const PG_TEMPLATES_KEPT = 6;

function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Migrating a fresh PostgreSQL database costs a second or two, once per test file; copying a
 * migrated template costs a fraction of that. The template is named after the migration files,
 * built once under an advisory lock (test files and other checkouts share the server), and built
 * under a scratch name then renamed, so no one ever copies a half-migrated template.
 */
async function migratedTemplate(admin: pg.Client, baseUrl: string): Promise<string> {
  const template = `${PG_TEMPLATE_PREFIX}${migrationsDigest()}`;
  const exists = async () => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount === 1;
  if (await exists()) return template;
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
  try {
    if (await exists()) return template;
    const scratch = `${template}_build_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${scratch}`);
    const db = await openDatabase({ url: databaseUrl(baseUrl, scratch), poolSize: 1 });
    try {
      await db.migrate();
    } finally {
      await db.close();
    }
    await admin.query(`ALTER DATABASE ${scratch} RENAME TO ${template}`);
    const older = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE '${PG_TEMPLATE_PREFIX}%' AND datname <> $1 AND datname NOT LIKE '%build%' ORDER BY oid DESC OFFSET ${PG_TEMPLATES_KEPT - 1}`,
      [template],
    );
    for (const { datname } of older.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
    return template;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
  }
}
