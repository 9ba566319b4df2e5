import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schedulingWorld, weeklyLesson } from '../test-kit.js';
import { patient } from '../../../../tests/patience.js';

/**
 * Issue 9: identical bookings at the same moment book once (decision 016). PostgreSQL only:
 * PGlite has one connection and runs transactions one after another, so no two checks can
 * interleave there (and a transaction held open by the test would stop every other).
 *
 * The race is made certain rather than likely: the test holds a lock that stops inserts into
 * `lessons` until every call is waiting in the database, then lets them all go. Without the
 * advisory locks each call has already passed its clash check by then and all of them book.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const CALLS = 3; // the test pool has 5 connections: one holds the lock, one watches, three book

let w: Awaited<ReturnType<typeof schedulingWorld>>;
beforeAll(async () => {
  w = await schedulingWorld();
});
afterAll(() => w.t.close());

const waiting = async () => {
  const { rows } = await w.t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select count(*)::int as n from pg_locks where not granted`));
  return Number(rows[0]!.n);
};

describe.skipIf(!onPostgres)('concurrent identical addLesson calls on PostgreSQL', () => {
  it('book exactly one lesson; the others answer 409', async () => {
    const body = { ...weeklyLesson(w.a, w.types.private), repeat: 'none', date: '2027-05-03', startTime: '10:00' };
    const calls = await w.t.db.transaction({ kind: 'all' }, async (tx) => {
      await tx.execute(sql`lock table lessons in exclusive mode`);
      const started = Promise.all(Array.from({ length: CALLS }, () => w.api.call('/addLesson', w.tok.admin, body)));
      await vi.waitFor(async () => expect(await waiting()).toBeGreaterThanOrEqual(CALLS), { timeout: patient(10_000), interval: 20 });
      return { started };
    });
    const answers = await calls.started;
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(CALLS - 1).fill(409)]);
    const day = await w.api.ok('/getEvents', w.tok.admin, { start: '2027-05-03T00:00:00Z', end: '2027-05-04T00:00:00Z' });
    expect(day.results).toHaveLength(1);
  });
});
