import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { emailMessages, users } from './db/schema/index.js';
import { createFirstSuperadmin } from './first-superadmin.js';
import { prepareDatabase } from './prepare-database.js';
import { sendCreditReminders, sendLessonReminders } from './modules/scheduling/index.js';
import { createTestApp, signIn, type TestApp } from './test/test-app.js';
import { openTestDatabase } from './test/test-database.js';
import { AUTH_MESSAGES } from '../shared/contracts/auth.js';
import { patient } from '../tests/patience.js';

const count = async (db: Database, where = sql`true`) =>
  db.transaction({ kind: 'all' }, async (tx) => (await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(where))[0]!.n);

describe('a start on PostgreSQL', () => {
  let db: Database;
  beforeAll(async () => { db = await openTestDatabase(); });
  afterAll(() => db.close());

  it('seeds no demo and no known password, and asks for the first superadmin', async () => {
    const config = readConfig({ DATABASE_URL: 'postgres://cadenza@db.example/cadenza' });
    expect(await prepareDatabase(db, config)).toEqual({ seeded: false, needsSuperadmin: true });
    expect(await count(db)).toBe(0);
  });
});

describe('a fresh demo', () => {
  let db: Database;
  beforeAll(async () => { db = await openTestDatabase(); });
  afterAll(() => db.close());

  it('queues no reminder email in the first sweeps at boot, and reminds later lessons as they come near', async () => {
    expect(await prepareDatabase(db, readConfig({}))).toEqual({ seeded: true, needsSuperadmin: false });
    const sweep = (now: Date) => db.transaction({ kind: 'all' }, async (tx) => ({
      lessons: await sendLessonReminders(tx, 'http://cadenza.test', now),
      credits: await sendCreditReminders(tx, 'http://cadenza.test', now),
    }));
    expect(await sweep(new Date())).toEqual({ lessons: 0, credits: 0 });
    expect(await sweep(new Date(Date.now() + 10 * 60_000))).toEqual({ lessons: 0, credits: 0 });
    const queued = await db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(eq(emailMessages.kind, 'lesson-reminder')));
    expect(queued).toEqual([]);
    // Days on, the next lessons come due: the demo still shows the reminders working. Which day
    // depends on today's weekday (the demo has no lessons on Sundays): a week always holds some.
    let reminded = 0;
    for (let days = 2; days <= 8 && reminded === 0; days++) reminded = (await sweep(new Date(Date.now() + days * 86_400_000))).lessons;
    expect(reminded).toBeGreaterThan(0);
  });
});

describe('the first superadmin', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(() => t.close());
  const input = { email: 'owner@cadenza.example', username: 'owner', firstName: 'Olivia', lastName: 'Owner', password: 'Str0ng!Pass' };

  it('refuses a weak password with the rule every password of the app follows, and makes nobody', async () => {
    for (const password of ['weakpassword', 'Sh0rt!', 'NoDigits!!', 'no upper 1!']) {
      const result = await createFirstSuperadmin(t.db, { ...input, password });
      expect(result.created, password).toBe(false);
    }
    const weak = await createFirstSuperadmin(t.db, { ...input, password: 'weakpassword1' });
    expect(weak).toEqual({ created: false, reason: `password: ${AUTH_MESSAGES.passwordWeak}` });
    expect(await count(t.db)).toBe(0);
  });

  it('is made exactly once, verified, and signs in with the password given', async () => {
    expect(await createFirstSuperadmin(t.db, input)).toEqual({ created: true, username: 'owner' });
    const again = await createFirstSuperadmin(t.db, { ...input, username: 'intruder', password: 'An0ther!Pass' });
    expect(again).toEqual({ created: false, reason: expect.stringContaining('A superadmin already exists (owner)') });
    expect(await count(t.db, eq(users.role, 'superadmin'))).toBe(1);
    expect(await count(t.db)).toBe(1);
    await expect(signIn(t, 'owner', input.password)).resolves.toEqual(expect.any(String));
    await expect(signIn(t, 'intruder', 'An0ther!Pass')).rejects.toThrow();
  });
});

describe('npm run setup', () => {
  it('makes the superadmin with the password from standard input, never from the arguments', async () => {
    const db = await openTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'cadenza-setup-'));
    try {
      const run = (input: string) => spawnSync('node_modules/.bin/tsx', ['server/setup.ts', '--email', 'owner@cadenza.example', '--username', 'owner'], {
        // The command on the test's PostgreSQL database, or on a fresh embedded one.
        env: { ...process.env, DATABASE_URL: db.url ?? '', DATA_DIR: dataDir, CADENZA_SUPERADMIN_PASSWORD: undefined },
        input, encoding: 'utf8',
      });
      const weak = run('password\n');
      expect(weak.status).toBe(1);
      expect(weak.stderr).toContain(AUTH_MESSAGES.passwordWeak);
      // Refused before a database was made: nothing in the data folder.
      if (!db.url) expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
      const made = run('Str0ng!Pass\n');
      expect(made.stderr).toBe('');
      expect(made.status).toBe(0);
      expect(made.stdout).toContain('Superadmin owner created');
      const onDisk = db.url ? db : await openDatabase({ dataDir: join(dataDir, 'pglite') });
      try {
        expect(await count(onDisk, eq(users.role, 'superadmin'))).toBe(1);
      } finally {
        if (onDisk !== db) await onDisk.close();
      }
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, patient(120_000));
});
