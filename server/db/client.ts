import { mkdirSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgTransaction } from 'drizzle-orm/pg-core';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
type AnyDatabase = NodePgDatabase<Schema> | PgliteDatabase<Schema>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Tx = PgTransaction<any, Schema, any>;

/** Whose rows a transaction may see: one school, or all of them (superadmin, sign-in machinery). */
export type TenantScope = { kind: 'school'; adminId: string } | { kind: 'all' };

export interface Database {
  readonly engine: 'pglite' | 'postgres';
  /** Runs fn in a transaction as the RLS-bound role, scoped to one school or to all. */
  transaction<T>(scope: TenantScope, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * One statement as the connecting user, outside any transaction and tenant scope. Only for
   * calling the SECURITY DEFINER functions of the sign-in machinery.
   */
  callSystemFunction<T>(query: SQL): Promise<T | undefined>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const GRANTS = [
  'GRANT USAGE ON SCHEMA public TO cadenza_app',
  'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO cadenza_app',
  'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO cadenza_app',
  'GRANT EXECUTE ON FUNCTION app_may_see_school(uuid) TO cadenza_app',
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
};

/** PostgreSQL when a URL is given; otherwise PGlite in dataDir (or in memory without one). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    const db = drizzlePg({ client: pool, schema });
    return wrap('postgres', db, () => migratePg(db, MIGRATIONS), () => pool.end());
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.pglite ?? (await PGlite.create(options.dataDir ? { dataDir: options.dataDir } : {}));
  const db = drizzlePglite({ client, schema });
  return wrap('pglite', db, () => migratePglite(db, MIGRATIONS), () => client.close());
}

function wrap(
  engine: Database['engine'],
  db: AnyDatabase,
  runMigrations: () => Promise<void>,
  close: () => Promise<void>,
): Database {
  return {
    engine,
    async transaction(scope, fn) {
      return (db as NodePgDatabase<Schema>).transaction(async (tx) => {
        // One round trip: become the role that RLS binds, and name the acting school.
        await tx.execute(sql`select set_config('role', 'cadenza_app', true),
          set_config('app.admin_id', ${scope.kind === 'school' ? scope.adminId : ''}, true),
          set_config('app.all_schools', ${scope.kind === 'all' ? 'on' : 'off'}, true)`);
        return fn(tx as unknown as Tx);
      });
    },
    async callSystemFunction<T>(query: SQL) {
      const result = await (db as NodePgDatabase<Schema>).execute(query);
      const row = result.rows[0] as Record<string, unknown> | undefined;
      return row ? (Object.values(row)[0] as T) : undefined;
    },
    async migrate() {
      await runMigrations();
      // Tables added by any migration become usable by the RLS-bound role.
      for (const statement of GRANTS) await db.execute(sql.raw(statement));
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    close,
  };
}
