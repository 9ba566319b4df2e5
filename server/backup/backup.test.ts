import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.js';
import { notifications } from '../db/schema/index.js';
import { lockRecord } from '../data-dir-lock.js';
import { createTestApp, sessionToken } from '../test/test-app.js';
import { createSchool, type TestSchool } from '../test/factories.js';
import { openPgliteTestDatabaseIn } from '../test/test-database.js';
import { askServerForBackup, BackupRefused, restoreBackup, runNightlyBackup, serveBackups, writeBackup } from './index.js';
import { patient } from '../../tests/patience.js';

const root = mkdtempSync(join(tmpdir(), 'cadenza-backup-test-'));
const dataDir = join(root, 'data');
let db: Database;
let school: TestSchool;
let backupFile: string;
/** Transactions that had committed before the backup began, and all that committed by its end. */
let committedBefore = 0;
let committedAfter = 0;

const source = () => ({ snapshot: () => db.snapshot(), dataDir });
const KEY = Buffer.alloc(32, 7);
const UPLOAD = 'library/lesson-notes.pdf';

/** One transaction of two notifications, with a pause between them in which a backup could fall. */
async function writePair(n: number) {
  await db.transaction({ kind: 'school', adminId: school.adminId }, async (tx) => {
    await tx.insert(notifications).values({ adminId: school.adminId, userId: school.student.id, kind: 'test', title: `pair ${n} part 1` });
    await new Promise((resolve) => setImmediate(resolve));
    await tx.insert(notifications).values({ adminId: school.adminId, userId: school.student.id, kind: 'test', title: `pair ${n} part 2` });
  });
}

beforeAll(async () => {
  db = await openPgliteTestDatabaseIn(join(dataDir, 'pglite'));
  school = await createSchool(db);
  writeFileSync(join(dataDir, 'encryption.key'), KEY);
  mkdirSync(join(dataDir, 'uploads', 'library'), { recursive: true });
  writeFileSync(join(dataDir, 'uploads', UPLOAD), 'the notes of a lesson');
  // An upload still being written is not part of the folder yet.
  writeFileSync(join(dataDir, 'uploads', 'library', 'half.pdf.abc.part'), 'half');

  for (let n = 0; n < 20; n++) await writePair(n);
  // Writers go on while the backup is taken: each writes pairs until told to stop.
  let stop = false;
  let next = 20;
  let committed = 20;
  const writers = [0, 1, 2].map(async () => {
    while (!stop) {
      await writePair(next++);
      committed += 1;
    }
  });
  committedBefore = committed;
  backupFile = join(root, 'out', 'first.tar.gz');
  await writeBackup(source(), backupFile);
  stop = true;
  await Promise.all(writers);
  committedAfter = committed;
  // Writes went on while it was taken, or the test proves nothing about them.
  expect(committedAfter).toBeGreaterThan(committedBefore);
}, patient(120_000));

afterAll(async () => {
  await db.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a backup of the embedded database and its folder', () => {
  it('holds every transaction committed before it began, none half, and a server started on its restore reads them', async () => {
    const restored = join(root, 'restored');
    await restoreBackup(backupFile, restored);
    expect(readFileSync(join(restored, 'encryption.key'))).toEqual(KEY);
    expect(readFileSync(join(restored, 'uploads', UPLOAD), 'utf8')).toBe('the notes of a lesson');
    expect(existsSync(join(restored, 'uploads', 'library', 'half.pdf.abc.part'))).toBe(false);

    const copy = await openDatabase({ dataDir: join(restored, 'pglite') });
    const app = await createTestApp({}, { db: copy });
    try {
      const parts = await copy.transaction({ kind: 'all' }, (tx) => tx.select({ title: notifications.title }).from(notifications)
        .where(and(eq(notifications.userId, school.student.id), like(notifications.title, 'pair %'))));
      const byPair = new Map<string, number>();
      for (const { title } of parts) byPair.set(title.split(' ')[1]!, (byPair.get(title.split(' ')[1]!) ?? 0) + 1);
      expect([...byPair.values()].every((count) => count === 2)).toBe(true);
      expect(byPair.size).toBeGreaterThanOrEqual(committedBefore);
      expect(byPair.size).toBeLessThanOrEqual(committedAfter);

      // The restored server answers as the original did: the student reads their notifications.
      const token = await sessionToken(app, school.student.id);
      const res = await app.call('POST', '/api/notification/getUnReadNotificationCount', { token, body: { userId: school.student.id } });
      expect(res.status).toBe(200);
      expect(res.body.data.count).toBe(parts.length);
    } finally {
      await app.close();
      await copy.close();
    }
  });

  it('refuses a damaged, cut or foreign file with a clear message and leaves the folder as it was', async () => {
    const whole = readFileSync(backupFile);
    const flipped = Buffer.from(whole);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    const cases: [string, Buffer, RegExp][] = [
      ['flipped.tar.gz', flipped, /damaged/],
      ['cut.tar.gz', whole.subarray(0, Math.floor(whole.length * 0.7)), /damaged or incomplete/],
      ['foreign.tar.gz', gzipSync(Buffer.from('not a tar at all')), /not a Cadenza backup|damaged/],
    ];
    for (const [name, bytes, message] of cases) {
      const file = join(root, name);
      writeFileSync(file, bytes);
      const target = join(root, `target-${name}`);
      const error = await restoreBackup(file, target).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupRefused);
      expect((error as Error).message).toMatch(message);
      expect(existsSync(target)).toBe(false);
    }
    // Nothing half-unpacked is left beside the target either.
    expect(readdirSync(root).filter((n) => n.includes('.restoring-'))).toEqual([]);
  });

  it('refuses a folder that holds data unless forced, and then keeps the old folder aside', async () => {
    const target = join(root, 'in-use');
    mkdirSync(target);
    writeFileSync(join(target, 'something.txt'), 'kept');
    await expect(restoreBackup(backupFile, target)).rejects.toThrow(/already holds data.*--force/);
    expect(readdirSync(target)).toEqual(['something.txt']);

    const { movedAside } = await restoreBackup(backupFile, target, { force: true, now: new Date('2026-11-29T12:00:00Z') });
    expect(readFileSync(join(movedAside!, 'something.txt'), 'utf8')).toBe('kept');
    expect(existsSync(join(target, 'pglite'))).toBe(true);
  });

  it('refuses a folder a running server holds, even when forced', async () => {
    const target = join(root, 'held');
    mkdirSync(target);
    // The lock of a live process other than this one: the test runner that started us.
    writeFileSync(join(target, 'cadenza.pid'), lockRecord(process.ppid));
    await expect(restoreBackup(backupFile, target, { force: true })).rejects.toThrow(/is running on .*stop it first/);
    expect(readdirSync(target)).toEqual(['cadenza.pid']);
  });
});

describe('npm run backup while the server runs', () => {
  it('asks the server through the data folder\'s socket, which writes the file and answers its path', async () => {
    const server = await serveBackups(source(), () => {});
    try {
      expect((statSync(join(dataDir, 'backup.sock')).mode & 0o777)).toBe(0o600);
      const out = join(root, 'out', 'via-socket.tar.gz');
      const answer = await askServerForBackup(dataDir, out);
      expect(answer).toEqual({ path: out, bytes: statSync(out).size });
      const relative = await askServerForBackup(dataDir, 'relative.tar.gz');
      expect(relative).toEqual({ error: expect.stringContaining('absolute') });
    } finally {
      server.close();
    }
    expect(await askServerForBackup(join(root, 'no-server'), join(root, 'x.tar.gz'))).toBeNull();
  });
});

describe('the nightly backup', () => {
  it('writes the day\'s backup once from its hour on, and removes nightly backups older than the days kept', async () => {
    const dir = join(root, 'nightly');
    mkdirSync(dir, { recursive: true });
    const settings = { dir, keepDays: 3, hour: 2 };
    for (const name of ['cadenza-nightly-2026-11-20.tar.gz', 'cadenza-nightly-2026-11-26.tar.gz', 'cadenza-nightly-2026-11-27.tar.gz', 'cadenza-backup-2026-11-01-101010.tar.gz']) {
      writeFileSync(join(dir, name), 'old');
    }
    const at = (hour: number) => new Date(2026, 10, 28, hour, 30);
    expect((await runNightlyBackup(source(), settings, at(1))).written).toBeUndefined();
    const first = await runNightlyBackup(source(), settings, at(2));
    expect(first.written).toBe(join(dir, 'cadenza-nightly-2026-11-28.tar.gz'));
    expect((await runNightlyBackup(source(), settings, at(5))).written).toBeUndefined();
    expect(readdirSync(dir).sort()).toEqual([
      'cadenza-backup-2026-11-01-101010.tar.gz', 'cadenza-nightly-2026-11-26.tar.gz', 'cadenza-nightly-2026-11-27.tar.gz', 'cadenza-nightly-2026-11-28.tar.gz',
    ]);
    expect(await runNightlyBackup(source(), { ...settings, keepDays: 0 }, at(6))).toEqual({ removed: [] });
  });
});

