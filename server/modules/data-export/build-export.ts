import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { dataExports, schools, users } from '../../db/schema/index.js';
import { ZipWriter } from '../../lib/zip-writer.js';
import { StorageNotFoundError, type FileStorage } from '../../services/storage/storage.js';
import { exportsChildren } from '../../policies/data-export.js';
import { childrenOfParent } from '../relations/index.js';
import type { Role } from '../../../shared/roles.js';
import { DATA_EXPORT_KEEP_DAYS, DATA_EXPORT_MESSAGES as M, type DataExportScope } from '../../../shared/contracts/data-export.js';
import { archivePathSql, exportTablesOf } from './export-tables.js';
import { exportReadme, README_NAME } from './readme.js';
import { EXPORT_PAGE_ROWS, peopleArray, tableCsv, type ExportReach } from './table-csv.js';

export const BUILD_DATA_EXPORTS_JOB = 'build-data-exports';
/** The sweep: a crash's leftovers picked up, expired archives removed. */
export const DATA_EXPORT_SWEEP_MS = 60_000;
/** A running export without progress this long was left by a node that stopped: it starts again. */
export const STALE_EXPORT_MS = 10 * 60_000;
/** Progress is written at most this often while files are copied (each table writes it too). */
const PROGRESS_EVERY_MS = 1000;
const DAY_MS = 86_400_000;

export type ExportJobContext = { db: Database; storage: FileStorage; now?: () => Date; onError: (name: string, error: unknown) => void };

type Claimed = { id: string; adminId: string; requestedBy: string; scope: DataExportScope };

/**
 * The job (decision 092): removes expired archives, then builds every export waiting, one at a
 * time, each claimed with one statement (`FOR UPDATE SKIP LOCKED`), so several nodes never build
 * the same one. A crash leaves a `running` row whose heartbeat stops: the sweep claims it again.
 */
export async function buildDataExports(ctx: ExportJobContext): Promise<void> {
  const now = ctx.now ?? (() => new Date());
  await removeExpiredExports(ctx, now());
  for (;;) {
    const claimed = await claimNextExport(ctx.db, now());
    if (!claimed) return;
    try {
      await buildExport(ctx, claimed, now);
    } catch (error) {
      ctx.onError(BUILD_DATA_EXPORTS_JOB, error);
      await ctx.db.transaction({ kind: 'school', adminId: claimed.adminId }, (tx) =>
        tx.update(dataExports).set({ status: 'failed', error: M.failed, finishedAt: now() })
          .where(and(eq(dataExports.id, claimed.id), eq(dataExports.status, 'running'))));
    }
  }
}

async function claimNextExport(db: Database, now: Date): Promise<Claimed | null> {
  const staleBefore = new Date(now.getTime() - STALE_EXPORT_MS);
  const { rows } = await db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`
    update data_exports set status = 'running', started_at = ${now.toISOString()}::timestamptz, progress_at = ${now.toISOString()}::timestamptz, done_steps = 0
    where id = (
      select id from data_exports
      where status = 'pending' or (status = 'running' and progress_at < ${staleBefore.toISOString()}::timestamptz)
      order by created_at limit 1 for update skip locked)
    returning id, admin_id, requested_by, scope`));
  const row = rows[0];
  return row ? { id: String(row.id), adminId: String(row.admin_id), requestedBy: String(row.requested_by), scope: row.scope as DataExportScope } : null;
}

/** The exports past their day (or replaced by a newer one): their archive removed, then their row. */
async function removeExpiredExports(ctx: ExportJobContext, now: Date): Promise<void> {
  const expired = await ctx.db.transaction({ kind: 'all' }, (tx) =>
    tx.select({ id: dataExports.id, storageKey: dataExports.storageKey }).from(dataExports)
      .where(lt(dataExports.expiresAt, now)).limit(100));
  for (const row of expired) {
    if (row.storageKey) await ctx.storage.delete(row.storageKey);
    await ctx.db.transaction({ kind: 'all' }, (tx) => tx.delete(dataExports).where(eq(dataExports.id, row.id)));
  }
}

/** Who a personal export is about: the asker, and a parent's children. Null: the whole school. */
async function peopleOf(db: Database, claimed: Claimed): Promise<string[] | null> {
  if (claimed.scope === 'school') return null;
  return db.transaction({ kind: 'school', adminId: claimed.adminId }, async (tx) => {
    const [asker] = await tx.select({ role: users.role }).from(users).where(eq(users.id, claimed.requestedBy));
    if (!asker || !exportsChildren({ role: asker.role as Role })) return [claimed.requestedBy];
    const children = await tx.select({ id: users.id }).from(users).where(sql`${users.id} in ${childrenOfParent(claimed.requestedBy)}`);
    return [claimed.requestedBy, ...children.map((c) => c.id)];
  });
}

type FileRow = { id: string; storageKey: string; archivePath: string };

/** The uploaded files of the reach, a page at a time (by id). */
async function* filesOf(db: Database, reach: ExportReach): AsyncGenerator<FileRow> {
  let after: string | null = null;
  for (;;) {
    const mine: SQL = reach.people ? sql` and f.owner_id = any(${peopleArray(reach.people)})` : sql``;
    const page: SQL = after ? sql` and f.id > ${after}::uuid` : sql``;
    const { rows }: { rows: Record<string, unknown>[] } = await db.transaction({ kind: 'school', adminId: reach.adminId }, (tx) => tx.execute(sql`
      select f.id::text as id, f.storage_key, ${sql.raw(archivePathSql('f'))} as archive_path from library_files f
      where f.admin_id = ${reach.adminId}::uuid${mine}${page} order by f.id limit ${EXPORT_PAGE_ROWS}`));
    for (const r of rows) yield { id: String(r.id), storageKey: String(r.storage_key), archivePath: String(r.archive_path) };
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = String(rows[rows.length - 1]!.id);
  }
}

async function countFiles(db: Database, reach: ExportReach): Promise<number> {
  const mine = reach.people ? sql` and f.owner_id = any(${peopleArray(reach.people)})` : sql``;
  const { rows } = await db.transaction({ kind: 'school', adminId: reach.adminId }, (tx) =>
    tx.execute(sql`select count(*)::int as n from library_files f where f.admin_id = ${reach.adminId}::uuid${mine}`));
  return Number(rows[0]?.n ?? 0);
}

async function buildExport(ctx: ExportJobContext, claimed: Claimed, now: () => Date): Promise<void> {
  const { db, storage } = ctx;
  const reach: ExportReach = { adminId: claimed.adminId, people: await peopleOf(db, claimed) };
  const tables = exportTablesOf(claimed.scope);
  const totalSteps = tables.length + (await countFiles(db, reach)) + 1;
  let doneSteps = 0;
  let lastWrite = 0;
  const progress = async (force: boolean) => {
    if (!force && Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = Date.now();
    await db.transaction({ kind: 'school', adminId: claimed.adminId }, (tx) =>
      tx.update(dataExports).set({ doneSteps: Math.min(doneSteps, totalSteps), totalSteps, progressAt: now() }).where(eq(dataExports.id, claimed.id)));
  };
  await progress(true);

  const folder = await mkdtemp(join(tmpdir(), 'cadenza-export-'));
  // The archive streams to a file of this machine, then to storage (which wants its size): never whole in memory.
  const path = join(folder, 'export.zip');
  const out = createWriteStream(path, { mode: 0o600 });
  let storedKey: string | null = null;
  try {
    const zip = new ZipWriter(out);
    const madeAt = now();
    // Each page of a big table beats the heartbeat too, so a long table is not taken for a stopped node.
    const beating = async function* (lines: AsyncIterable<string>) {
      for await (const line of lines) {
        yield line;
        await progress(false);
      }
    };
    for (const table of tables) {
      await zip.addEntry(table.file, beating(tableCsv(db, table, reach)), { compress: true, modifiedAt: madeAt });
      doneSteps += 1;
      await progress(true);
    }
    let missingFiles = 0;
    for await (const file of filesOf(db, reach)) {
      let body;
      try {
        body = await storage.get(file.storageKey);
      } catch (error) {
        if (!(error instanceof StorageNotFoundError)) throw error;
        missingFiles += 1;
      }
      if (body) await zip.addEntry(file.archivePath, body, { compress: false, modifiedAt: madeAt });
      doneSteps += 1;
      await progress(false);
    }
    const [school] = await db.transaction({ kind: 'school', adminId: claimed.adminId }, (tx) =>
      tx.select({ name: schools.schoolName }).from(schools).where(eq(schools.adminId, claimed.adminId)));
    const readme = exportReadme({ scope: claimed.scope, schoolName: school?.name ?? 'the school', madeAt, tables, missingFiles });
    await zip.addEntry(README_NAME, [readme], { compress: true, modifiedAt: madeAt });
    doneSteps += 1;
    await zip.finish();

    const { size } = await stat(path);
    const key = `exports/${randomBytes(16).toString('hex')}`;
    const archive = createReadStream(path);
    // A storage that fails before reading leaves the file unopened, and the folder goes below: the
    // stream's late "no such file" must not be an uncaught error (the put has its own answer).
    archive.on('error', () => undefined);
    try {
      await storage.put(key, archive, { contentType: 'application/zip', size });
    } finally {
      archive.destroy();
    }
    storedKey = key;
    const finishedAt = now();
    const [kept] = await db.transaction({ kind: 'school', adminId: claimed.adminId }, (tx) =>
      tx.update(dataExports).set({
        status: 'ready', storageKey: key, sizeBytes: size, doneSteps: totalSteps, totalSteps, progressAt: finishedAt, finishedAt,
        expiresAt: new Date(finishedAt.getTime() + DATA_EXPORT_KEEP_DAYS * DAY_MS),
      }).where(and(eq(dataExports.id, claimed.id), eq(dataExports.status, 'running'))).returning({ id: dataExports.id }));
    // The row went meanwhile (the person or school removed): its archive goes too.
    if (kept) storedKey = null;
  } finally {
    out.destroy();
    if (storedKey) await storage.delete(storedKey);
    await rm(folder, { recursive: true, force: true });
  }
}
