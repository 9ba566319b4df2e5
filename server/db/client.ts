import { mkdirSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as schema from './schema/index.js';
import { collectEffects, type AfterCommit, type JobStarter } from './after-commit.js';
import { withPreparedExecution } from './prepared-execution.js';

export type Schema = typeof schema;
type AnyDatabase = NodePgDatabase<Schema> | PgliteDatabase<Schema>;
/** What execute() answers on both drivers: the rows. */
interface RowsResultHKT extends PgQueryResultHKT {
  type: { rows: Record<string, unknown>[] };
}
/** The queries of one scoped transaction; it is already one, so it cannot open another. */
export type Tx = Omit<PgDatabase<RowsResultHKT, Schema>, 'transaction'> & AfterCommit & {
  /**
   * A statement of one fixed shape (its values placeholders), built by Drizzle once per pooled
   * connection and prepared there by PostgreSQL under `name` (decision 065): the hot lists skip
   * building the SQL text and PostgreSQL its parsing. `name` must stand for one text only. On
   * PGlite, whose transactions are each a connection of their own, it is built every time.
   */
  prepared<P>(name: string, build: (name: string) => P): P;
};
/** A transaction of the engine, before the after-commit hook is attached. */
type RawTransaction = <T>(scope: TenantScope, fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** Whose rows a transaction may see: one school, or all of them (superadmin, sign-in machinery). */
export type TenantScope = { kind: 'school'; adminId: string } | { kind: 'all' };

export interface Database {
  readonly engine: 'pglite' | 'postgres';
  /**
   * Runs fn in a transaction as the RLS-bound role, scoped to one school or to all; what fn asks
   * of tx.afterCommit runs once it has committed (decision 020).
   */
  transaction<T>(scope: TenantScope, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** The same database, whose transactions wake jobs (`tx.afterCommit({ job })`) with this starter. */
  withJobStarter(startJob: JobStarter): Database;
  /**
   * One statement as the connecting user, outside any transaction and tenant scope. Only for
   * calling the SECURITY DEFINER functions of the sign-in machinery.
   */
  callSystemFunction<T>(query: SQL): Promise<T | undefined>;
  /**
   * callSystemFunction for a call made on every request (the session lookup): `text` with `$1…`
   * for `values`, one text per `name`, sent as is and prepared by PostgreSQL once on each pooled
   * connection (decision 065), where a Drizzle `sql` is built into text and parsed each time.
   */
  callPreparedSystemFunction<T>(name: string, text: string, values: unknown[]): Promise<T | undefined>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * The embedded database's folder as one tar, consistent as of one moment: taken between
   * transactions (none is open while it is read), so a restore holds every committed transaction
   * up to then and none half. Null on PostgreSQL, which pg_dump backs up (decision 085).
   */
  snapshot(): Promise<Blob | null>;
  close(): Promise<void>;
}

const GRANTS = [
  'GRANT USAGE ON SCHEMA public TO cadenza_app',
  'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO cadenza_app',
  'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO cadenza_app',
  'GRANT EXECUTE ON FUNCTION app_may_see_school(uuid) TO cadenza_app',
  'GRANT EXECUTE ON FUNCTION app_school_open(uuid, uuid) TO cadenza_app',
  'GRANT EXECUTE ON FUNCTION app_taken_usernames(text[]) TO cadenza_app',
  'GRANT EXECUTE ON FUNCTION app_calendar_feed_owner(text) TO cadenza_app',
  'GRANT EXECUTE ON FUNCTION app_invoice_by_pay_token(text) TO cadenza_app',
  'GRANT EXECUTE ON FUNCTION app_chat_superadmins() TO cadenza_app',
  'GRANT EXECUTE ON FUNCTION app_release_push_endpoint(text, uuid) TO cadenza_app',
  'GRANT EXECUTE ON FUNCTION app_provider_recipients() TO cadenza_app',
  // The tenant wall (decision 020): inside a statement the app role can switch neither its role
  // nor the all-schools flag, which both go through set_config(). The connecting superuser keeps
  // it (the scope statement calls it before the role switch); only a superuser may revoke it.
  `DO $$ BEGIN
     IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
       REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC;
     END IF;
   END $$`,
  // SET ROLE needs membership when the connecting user is not a superuser.
  `DO $$ BEGIN
     IF NOT pg_has_role(current_user, 'cadenza_app', 'MEMBER') THEN
       EXECUTE format('GRANT cadenza_app TO %I', current_user);
     END IF;
   END $$`,
];

const MIGRATIONS = { migrationsFolder: new URL('../../drizzle', import.meta.url).pathname };

export type DatabaseOptions = {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** An open PGlite to use instead of creating one (tests start it from a dumped template). */
  pglite?: PGlite;
  /** Reports what must not crash the process: a pooled connection lost, an after-commit effect that threw. */
  onError?: (error: unknown, message: string) => void;
};

const reportToConsole = (error: unknown, message: string) => console.error(message, error instanceof Error ? error.message : error);

/** PostgreSQL when a URL is given; otherwise PGlite in dataDir (or in memory without one). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const onError = options.onError ?? reportToConsole;
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // A connection the server ends (a restart, DROP DATABASE … WITH (FORCE)) is dropped from the
    // pool and reported; without a listener its error event would crash the process.
    pool.on('error', (error) => onError(error, 'A database connection was lost'));
    const db = drizzlePg({ client: pool, schema });
    // pg prepares a named statement once on each pooled connection and runs it by name after.
    const preparedRows: PreparedRows = async (name, text, values) => (await pool.query<Record<string, unknown>>({ name, text, values })).rows;
    return wrap('postgres', db, pooledTransaction(pool), preparedRows, () => migratePg(db, MIGRATIONS), () => endPool(pool), onError, async () => null);
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.pglite ?? (await PGlite.create(options.dataDir ? { dataDir: options.dataDir } : {}));
  const db = drizzlePglite({ client, schema });
  const transaction: RawTransaction = (scope, fn) =>
    db.transaction(async (tx) => {
      await tx.execute(sql.raw(scopeStatement(scope)));
      return fn(Object.assign(tx, { prepared: buildEachTime }) as unknown as Tx);
    });
  // PGlite: one connection of its own, no names to prepare by.
  const preparedRows: PreparedRows = async (_name, text, values) => (await client.query<Record<string, unknown>>(text, values)).rows;
  return wrap('pglite', db, transaction, preparedRows, () => migratePglite(db, MIGRATIONS), () => client.close(), onError, () => snapshotPglite(client));
}

/**
 * A checkpoint first, so that a restored copy starts without replaying much of the log; then the
 * folder is read while this holds PGlite's transaction lock (every Drizzle transaction takes it),
 * so no transaction is half done in the copy; single statements wait on the query lock that the
 * dump itself takes.
 */
async function snapshotPglite(client: PGlite): Promise<Blob> {
  await client.exec('CHECKPOINT');
  return client.transaction(() => client.dumpDataDir('none'));
}

/**
 * pool.end() answers once it has asked each connection to close, not when they have: a database
 * dropped right after could still end one of them. This waits until every socket is closed.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  const open = pool.totalCount;
  let removed = 0;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      removed += 1;
      if (removed >= open) resolve();
    });
  });
  await pool.end();
  await allClosed;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Becomes the role that RLS binds and names the acting school, for this transaction only. */
function scopeStatement(scope: TenantScope): string {
  if (scope.kind === 'school' && !UUID.test(scope.adminId)) throw new Error('A school is named by its uuid');
  const school = scope.kind === 'school' ? scope.adminId : '';
  const all = scope.kind === 'all' ? 'on' : 'off';
  return `SELECT set_config('role', 'cadenza_app', true), set_config('app.admin_id', '${school}', true), set_config('app.all_schools', '${all}', true)`;
}

const buildEachTime: Tx['prepared'] = (name, build) => build(name);

/**
 * A connection's prepared statements, by name. PostgreSQL keeps a prepared statement for the
 * session, whatever role or school a later transaction sets: row-level security is applied
 * when the statement runs (the plan is made again for another role, and the policies read
 * `app.admin_id` at execution), so one statement serves every school (decision 065).
 */
function preparedOnConnection(): Tx['prepared'] {
  const statements = new Map<string, unknown>();
  return <P>(name: string, build: (name: string) => P): P => {
    let statement = statements.get(name) as P | undefined;
    if (statement === undefined) {
      statement = withPreparedExecution(build(name));
      statements.set(name, statement);
    }
    return statement;
  };
}

/**
 * PostgreSQL: BEGIN and the scope travel in one round trip (the values are checked above and
 * the simple protocol takes both statements), where Drizzle's transaction() would spend two.
 * Each pooled connection keeps its Drizzle wrapper and its prepared statements.
 */
function pooledTransaction(pool: pg.Pool): RawTransaction {
  const wrappers = new WeakMap<pg.PoolClient, Tx>();
  return async (scope, fn) => {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query(`BEGIN; ${scopeStatement(scope)}`);
      let tx = wrappers.get(client);
      if (!tx) {
        tx = Object.assign(drizzlePg({ client: oneStatementPerQuery(client), schema }), { prepared: preparedOnConnection() }) as unknown as Tx;
        wrappers.set(client, tx);
      }
      const result = await fn(tx);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

/**
 * The extended protocol takes one statement per query, so text smuggled into a query cannot add
 * a `RESET ROLE` or `SET app.all_schools` after it (decision 020). node-postgres sends a query
 * without parameters as simple text, which would take several; PGlite's query() is already so.
 */
function oneStatementPerQuery(client: pg.PoolClient): pg.PoolClient {
  // queryMode is read by pg's Query (8.12+) but missing from its types.
  const query = (config: string | pg.QueryConfig, values?: unknown[]) =>
    client.query({ ...(typeof config === 'string' ? { text: config } : config), queryMode: 'extended' } as pg.QueryConfig, values);
  return { query } as unknown as pg.PoolClient;
}

/** One statement by name as the connecting user, its rows (callPreparedSystemFunction). */
type PreparedRows = (name: string, text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

/** A one-column statement's answer: that column's value. */
const firstValue = <T>(row: Record<string, unknown> | undefined) => (row ? (Object.values(row)[0] as T) : undefined);

function wrap(
  engine: Database['engine'],
  db: AnyDatabase,
  rawTransaction: RawTransaction,
  preparedRows: PreparedRows,
  runMigrations: () => Promise<void>,
  close: () => Promise<void>,
  onError: (error: unknown, message: string) => void,
  snapshot: () => Promise<Blob | null>,
): Database {
  /** One hook per transaction: effects are collected while it runs and run only after COMMIT. */
  const transactionWaking = (startJob: JobStarter | undefined): Database['transaction'] => async (scope, fn) => {
    const effects = collectEffects();
    const result = await rawTransaction(scope, (tx) => {
      tx.afterCommit = effects.add;
      return fn(tx);
    });
    effects.run(startJob, (error) => onError(error, 'An after-commit effect failed'));
    return result;
  };
  const database = (startJob: JobStarter | undefined): Database => ({
    engine,
    transaction: transactionWaking(startJob),
    withJobStarter: (next) => database(next),
    async callSystemFunction<T>(query: SQL) {
      const result = await (db as NodePgDatabase<Schema>).execute(query);
      return firstValue<T>(result.rows[0] as Record<string, unknown> | undefined);
    },
    async callPreparedSystemFunction<T>(name: string, text: string, values: unknown[]) {
      return firstValue<T>((await preparedRows(name, text, values))[0]);
    },
    async migrate() {
      await runMigrations();
      // Tables added by any migration become usable by the RLS-bound role.
      for (const statement of GRANTS) await db.execute(sql.raw(statement));
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    snapshot,
    close,
  });
  return database(undefined);
}
