import type { PGlite } from '@electric-sql/pglite';

/**
 * Used PGlite test databases, emptied and kept for the next test file of the same worker
 * (decision 086). Starting a PGlite from the migrated template costs a second and more of CPU
 * (WebAssembly start, 45 MB unpacked, PostgreSQL's recovery); emptying one costs a tenth of
 * that. Server test files run one after another in one worker that keeps its modules
 * (`isolate: false`, decision 063), so this module's pool lives from file to file.
 *
 * A database goes back to the pool only as the template left it: every table of the app's
 * schemas emptied, the rows the migrations wrote put back, and its structure (tables, columns,
 * functions, policies, grants, roles) unchanged. A test that changed the structure (a migration
 * test, a revoked grant) leaves a database that is closed instead, and the next file gets a
 * fresh one.
 */

/** What every database opened from the template holds before any test: read once per worker. */
type Baseline = {
  /** Every table of the app's schemas, quoted, for one TRUNCATE. */
  tables: string[];
  /** The rows migrations wrote (the genres), as JSON, by quoted table, with the columns one may insert. */
  rows: { table: string; columns: string; json: string }[];
  structure: string;
};

const MAX_IDLE = 2;
const idle: PGlite[] = [];
let baseline: Baseline | undefined;

/** The migrations' own bookkeeping stays as it is: it is what tells migrate() there is nothing new. */
const APP_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema', 'drizzle') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'`;

/** One digest of everything a test could change besides rows. */
const STRUCTURE_SQL = `SELECT md5(string_agg(x, ',' ORDER BY x)) AS digest FROM (
  SELECT 'rel ' || c.oid::regclass::text || ' ' || c.relkind::text || c.relrowsecurity || c.relforcerowsecurity || coalesce(c.relacl::text, '') AS x
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${APP_SCHEMAS}
  UNION ALL SELECT 'col ' || a.attrelid::regclass::text || '.' || a.attname || ' ' || a.atttypid || a.attnotnull || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE ${APP_SCHEMAS} AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL SELECT 'fn ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc) || coalesce(p.proacl::text, '') || p.prosecdef
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${APP_SCHEMAS}
  UNION ALL SELECT 'policy ' || pol.polrelid::regclass::text || ' ' || pol.polname || ' ' || coalesce(pg_get_expr(pol.polqual, pol.polrelid), '') || coalesce(pg_get_expr(pol.polwithcheck, pol.polrelid), '')
    FROM pg_policy pol
  UNION ALL SELECT 'trigger ' || t.tgrelid::regclass::text || ' ' || t.tgname || t.tgenabled::text FROM pg_trigger t WHERE NOT t.tgisinternal
  UNION ALL SELECT 'role ' || r.rolname || r.rolsuper || r.rolinherit || r.rolbypassrls || r.rolcanlogin FROM pg_roles r
  UNION ALL SELECT 'member ' || m.roleid || ' ' || m.member FROM pg_auth_members m
  UNION ALL SELECT 'setting ' || s.setdatabase || ' ' || s.setrole || ' ' || s.setconfig::text FROM pg_db_role_setting s
  UNION ALL SELECT 'schema ' || n.nspname || coalesce(n.nspacl::text, '') FROM pg_namespace n WHERE ${APP_SCHEMAS}
) AS parts`;

async function structureOf(pglite: PGlite): Promise<string> {
  const { rows } = await pglite.query<{ digest: string }>(STRUCTURE_SQL);
  return rows[0]!.digest;
}

/** Reads what a database fresh from the template holds; called before its first test touches it. */
export async function readBaseline(pglite: PGlite): Promise<void> {
  if (baseline) return;
  const { rows: tables } = await pglite.query<{ name: string }>(
    `SELECT c.oid::regclass::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p') AND ${APP_SCHEMAS} ORDER BY 1`,
  );
  const rows: Baseline['rows'] = [];
  for (const { name } of tables) {
    const { rows: data } = await pglite.query<{ json: string | null }>(`SELECT json_agg(t)::text AS json FROM ${name} AS t`);
    if (!data[0]?.json) continue;
    const { rows: columns } = await pglite.query<{ list: string }>(
      `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS list FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`,
      [name],
    );
    rows.push({ table: name, columns: columns[0]!.list, json: data[0].json });
  }
  baseline = { tables: tables.map((t) => t.name), rows, structure: await structureOf(pglite) };
}

/** An emptied database of an earlier file, or undefined. */
export function takeIdle(): PGlite | undefined {
  return idle.pop();
}

/**
 * Empties a used database and keeps it for the next file; closes it when its structure changed,
 * when emptying fails, or when enough are kept.
 */
export async function releaseToPool(pglite: PGlite): Promise<void> {
  if (!baseline || idle.length >= MAX_IDLE || pglite.closed) return closeQuietly(pglite);
  try {
    if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
    // The session as it started: roles, settings, listeners, advisory locks, prepared plans.
    await pglite.exec('DISCARD ALL');
    if ((await structureOf(pglite)) !== baseline.structure) return closeQuietly(pglite);
    await pglite.transaction(async (tx) => {
      // Triggers and foreign keys stay quiet while the migrations' rows go back in.
      await tx.exec(`SET LOCAL session_replication_role = replica; TRUNCATE ${baseline!.tables.join(', ')} RESTART IDENTITY CASCADE`);
      for (const { table, columns, json } of baseline!.rows) {
        await tx.query(`INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1)`, [json]);
      }
    });
    idle.push(pglite);
  } catch {
    await closeQuietly(pglite);
  }
}

async function closeQuietly(pglite: PGlite): Promise<void> {
  if (!pglite.closed) await pglite.close().catch(() => undefined);
}
