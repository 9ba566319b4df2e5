import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYROLL_MESSAGES as M } from '../../../shared/contracts/payroll.js';
import { payrollWorld, type PayrollWorld } from './test-kit.js';
import { patient } from '../../../tests/patience.js';

/**
 * Two people approving at once approve once (issue 15). PostgreSQL only: PGlite runs one
 * transaction after another, so nothing can interleave there. The race is made certain: the test
 * holds a lock on `payrolls` until every call waits in the database, then lets them all go.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const CALLS = 3; // the test pool has 5 connections: one holds the lock, one watches, three approve

let w: PayrollWorld;
beforeAll(async () => {
  w = await payrollWorld();
  await w.addLessons(w.a, [{ teacher: w.a.teacher, kind: 'private', at: '2025-06-02T16:00', attendance: ['present'] }]);
});
afterAll(() => w.t.close());

const waiting = async () => {
  const { rows } = await w.t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select count(*)::int as n from pg_locks where not granted`));
  return Number(rows[0]!.n);
};

async function allAtOnce(calls: (() => ReturnType<PayrollWorld['call']>)[]) {
  const held = await w.t.db.transaction({ kind: 'all' }, async (tx) => {
    await tx.execute(sql`lock table payrolls in exclusive mode`);
    const started = Promise.all(calls.map((c) => c()));
    await vi.waitFor(async () => expect(await waiting()).toBeGreaterThanOrEqual(calls.length), { timeout: patient(10_000), interval: 20 });
    return { started };
  });
  return held.started;
}

const generate = async () => (await w.call('POST', '/api/payroll/generate', w.tok['a.admin'], { from: '2025-06-01', to: '2025-06-30' })).body.data._id as string;

describe.skipIf(!onPostgres)('concurrent approvals on PostgreSQL', () => {
  it('approve one payroll once; the others answer 409', async () => {
    const id = await generate();
    const answers = await allAtOnce(Array.from({ length: CALLS }, (_, i) => () => w.call('POST', `/api/payroll/${id}/approve`, w.tok[i % 2 ? 'a.allowedSub' : 'a.admin'])));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(CALLS - 1).fill(409)]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(Array(CALLS - 1).fill(M.alreadyApproved));
  });

  it('pay a lesson once when two payrolls holding it are approved at once', async () => {
    await w.addLessons(w.a, [{ teacher: w.a.teacher, kind: 'private', at: '2025-06-03T16:00', attendance: ['present'] }]);
    const [first, second] = [await generate(), await generate()];
    const answers = await allAtOnce([first, second].map((id) => () => w.call('POST', `/api/payroll/${id}/approve`, w.tok['a.admin'])));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(M.lessonPaid);
    const { rows } = await w.t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select count(*)::int as n from payroll_lessons where paid`));
    // The first test's lesson and this one, each once.
    expect(rows[0]!.n).toBe(2);
  });
});
