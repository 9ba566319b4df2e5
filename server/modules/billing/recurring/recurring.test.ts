import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSchool, createUser, type TestSchool } from '../../../test/factories.js';
import { createTestApp, sessionToken, type TestApp } from '../../../test/test-app.js';
import { setZone } from '../reports/report-test-kit.js';
import { addDays, todayIn } from '../../../../shared/school-clock.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
const tok = {} as Record<'admin' | 'subadmin' | 'teacher' | 'student' | 'parent' | 'adminB' | 'superadmin', string>;
let today: string;

const call = (path: string, token: string | undefined, body?: unknown, method: 'POST' | 'DELETE' = 'POST') =>
  t.call(method, `/api/recurringInvoices${path}`, { token, body });
const tuition = () => ({
  studentId: a.student.id, lines: [{ description: 'Piano lessons', quantity: 4, unitPrice: '35' }, { description: 'Book fee', quantity: 1, unitPrice: 12.5 }],
  discount: '2.50', frequency: 'monthly', dayOfMonth: 1, startsOn: today, dueDays: 10, autoSend: true, note: 'Monthly tuition',
});
const firstOfNextMonth = () => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
};
const rowCount = async () => (await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select count(*)::int as n from recurring_invoices`))).rows[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  await setZone(t.db, a.adminId, 'America/New_York');
  today = todayIn('America/New_York');
  const superadmin = await createUser(t.db, 'superadmin', null);
  Object.assign(tok, {
    admin: await sessionToken(t, a.admin.id), subadmin: await sessionToken(t, a.subadmin.id), teacher: await sessionToken(t, a.teacher.id),
    student: await sessionToken(t, a.student.id), parent: await sessionToken(t, a.parent.id), adminB: await sessionToken(t, b.admin.id),
    superadmin: await sessionToken(t, superadmin.id),
  });
});
afterAll(() => t.close());

describe('POST /api/recurringInvoices/create', () => {
  it('saves a monthly template: its amount, schedule in words and first period from today on', async () => {
    const res = await call('/create', tok.admin, tuition());
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Recurring invoice saved');
    const first = today.endsWith('-01') ? today : firstOfNextMonth();
    expect(res.body.data).toMatchObject({
      student: { _id: a.student.id, first_name: 'Student', last_name: 'Tester' },
      lines: [{ description: 'Piano lessons', quantity: 4, unitPrice: 35 }, { description: 'Book fee', quantity: 1, unitPrice: 12.5 }],
      linesSummary: 'Piano lessons × 4, Book fee', discount: 2.5, amount: 150, schedule: 'Monthly on day 1', frequency: 'monthly', dayOfMonth: 1,
      intervalWeeks: null, startsOn: today, endsOn: null, nextInvoiceOn: first, dueDays: 10, autoSend: true, active: true, issuedCount: 0, note: 'Monthly tuition',
    });
    const { rows } = await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select action, target_user_id from audit_events where action like 'recurring.%'`));
    expect(rows).toEqual([{ action: 'recurring.added', target_user_id: a.student.id }]);
  });

  it('saves every N weeks from the start date, a sub-admin too; a start in the past bills from today on', async () => {
    const later = addDays(today, 3);
    const weekly = await call('/create', tok.subadmin, { ...tuition(), frequency: 'weekly', dayOfMonth: null, intervalWeeks: 2, startsOn: later });
    expect(weekly.body.data).toMatchObject({ schedule: 'Every 2 weeks', intervalWeeks: 2, dayOfMonth: null, nextInvoiceOn: later });
    const past = await call('/create', tok.admin, { ...tuition(), frequency: 'weekly', intervalWeeks: 1, startsOn: addDays(today, -10) });
    expect(past.body.data).toMatchObject({ schedule: 'Every week', nextInvoiceOn: addDays(today, 4) });
  });

  it('refuses bad input with the messages by field, saving nothing', async () => {
    const before = await rowCount();
    const res = await call('/create', tok.admin, { lines: [], frequency: 'monthly', dayOfMonth: 29, startsOn: today, dueDays: 400 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      studentId: 'Student is Required', lines: 'Please add at least one line', dayOfMonth: 'Please choose a day from 1 to 28',
      dueDays: 'Please enter a number of days from 0 to 365',
    });
    const more = await call('/create', tok.admin, {
      ...tuition(), frequency: 'weekly', dayOfMonth: null, intervalWeeks: 0, endsOn: addDays(today, -1), discount: 1000,
      lines: [{ description: '', quantity: 0, unitPrice: '1.234' }],
    });
    expect(more.body.errors).toEqual({
      intervalWeeks: 'Please enter a number of weeks from 1 to 52', 'lines.0.description': 'Description is Required',
      'lines.0.quantity': 'Quantity should be a whole number from 1 to 1000', 'lines.0.unitPrice': 'Please enter at most two decimals',
      endsOn: 'The end date must be on or after the start date', discount: 'The discount cannot be more than the subtotal',
    });
    expect((await call('/create', tok.admin, { ...tuition(), endsOn: addDays(today, -1) })).body.errors).toEqual({ endsOn: 'The end date must be on or after the start date' });
    expect((await call('/create', tok.admin, { ...tuition(), discount: 1000 })).body.errors).toEqual({ discount: 'The discount cannot be more than the subtotal' });
    expect((await call('/create', tok.admin, { ...tuition(), frequency: 'yearly' })).body.errors).toEqual({ frequency: 'Repeat is Required' });
    expect((await call('/create', tok.admin, { ...tuition(), frequency: 'monthly', dayOfMonth: null })).body.errors).toEqual({ dayOfMonth: 'Please choose a day from 1 to 28' });
    expect(await rowCount()).toBe(before);
  });

  it('answers a student of another school as one that does not exist', async () => {
    const theirs = await call('/create', tok.admin, { ...tuition(), studentId: b.student.id });
    const nowhere = await call('/create', tok.admin, { ...tuition(), studentId: randomUUID() });
    expect(theirs).toEqual(nowhere);
    expect(theirs.body.errors).toEqual({ studentId: 'Please choose a student of this school' });
    expect((await call('/create', tok.admin, { ...tuition(), studentId: a.teacher.id })).status).toBe(400);
  });
});

describe('POST /api/recurringInvoices/list', () => {
  it('lists the school’s templates newest first, with the active and paused counts, by name and status', async () => {
    const list = (await call('/list', tok.admin, {})).body.data;
    expect(list).toMatchObject({ page: 1, limit: 10, totalCount: 3, activeCount: 3, pausedCount: 0 });
    expect(list.results.map((r: { schedule: string }) => r.schedule)).toEqual(['Every week', 'Every 2 weeks', 'Monthly on day 1']);
    expect((await call('/list', tok.admin, { search: 'nobody here' })).body.data.totalCount).toBe(0);
    expect((await call('/list', tok.admin, { search: 'student tes' })).body.data.totalCount).toBe(3);
    expect((await call('/list', tok.admin, { status: 'paused' })).body.data).toMatchObject({ totalCount: 0, results: [] });
    expect((await call('/list', tok.admin, { limit: 2, page: 2 })).body.data.results).toHaveLength(1);
    expect((await call('/list', tok.adminB, {})).body.data.totalCount).toBe(0);
  });
});

describe('update, setActive and remove', () => {
  let id: string;
  beforeAll(async () => {
    id = (await call('/create', tok.admin, { ...tuition(), studentId: a.otherStudent.id })).body.data._id;
  });

  it('changes the lines and keeps the next period; a new schedule starts again from today', async () => {
    const next = (await call('/list', tok.admin, {})).body.data.results.find((r: { _id: string }) => r._id === id).nextInvoiceOn;
    const lines = await call('/update', tok.subadmin, { ...tuition(), id, studentId: a.otherStudent.id, lines: [{ description: 'Violin', quantity: 1, unitPrice: 80 }], discount: 0 });
    expect(lines.status).toBe(200);
    expect(lines.body.message).toBe('Recurring invoice updated');
    expect(lines.body.data).toMatchObject({ amount: 80, linesSummary: 'Violin', nextInvoiceOn: next });
    const weekly = await call('/update', tok.admin, { ...tuition(), id, studentId: a.otherStudent.id, frequency: 'weekly', intervalWeeks: 3, startsOn: today });
    expect(weekly.body.data).toMatchObject({ schedule: 'Every 3 weeks', nextInvoiceOn: today, dayOfMonth: null });
  });

  it('pauses and resumes from today’s period on; an ended one asks for a new end date', async () => {
    const paused = await call('/setActive', tok.admin, { id, active: false });
    expect(paused.body).toMatchObject({ message: 'Recurring invoice paused', data: { active: false } });
    expect((await call('/list', tok.admin, { status: 'paused' })).body.data.totalCount).toBe(1);
    const resumed = await call('/setActive', tok.subadmin, { id, active: true });
    expect(resumed.body).toMatchObject({ message: 'Recurring invoice resumed', data: { active: true, nextInvoiceOn: today } });
    const ended = (await call('/create', tok.admin, { ...tuition(), frequency: 'weekly', intervalWeeks: 1, startsOn: addDays(today, -20), endsOn: addDays(today, -1) })).body.data;
    expect(ended.nextInvoiceOn).toBeNull();
    await call('/setActive', tok.admin, { id: ended._id, active: false });
    const refused = await call('/setActive', tok.admin, { id: ended._id, active: true });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This recurring invoice has ended: change its end date to resume it');
    await call('/remove', tok.admin, { id: ended._id }, 'DELETE');
  });

  it('answers another school’s template as one that does not exist, everywhere', async () => {
    for (const [path, body, method] of [
      ['/update', { ...tuition(), id }, 'POST'], ['/setActive', { id, active: false }, 'POST'], ['/remove', { id }, 'DELETE'],
    ] as const) {
      const theirs = await call(path, tok.adminB, body, method);
      const nowhere = await call(path, tok.adminB, { ...body, id: randomUUID() }, method);
      expect(theirs.status).toBe(404);
      expect(theirs).toEqual(nowhere);
      expect(theirs.body.message).toBe('Recurring invoice not found');
    }
  });

  it('deletes the template', async () => {
    const res = await call('/remove', tok.admin, { id }, 'DELETE');
    expect(res.body).toMatchObject({ status: 200, message: 'Recurring invoice deleted' });
    expect((await call('/remove', tok.admin, { id }, 'DELETE')).status).toBe(404);
    const { rows } = await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select action from audit_events where action like 'recurring.%' order by created_at`));
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['recurring.updated', 'recurring.paused', 'recurring.resumed', 'recurring.removed']));
  });
});

describe('who may', () => {
  it('answers 403 to every role but the office, and 401 without a session', async () => {
    for (const token of [tok.teacher, tok.student, tok.parent, tok.superadmin]) {
      expect((await call('/list', token, {})).status).toBe(403);
      expect((await call('/create', token, tuition())).status).toBe(403);
    }
    expect((await call('/list', undefined, {})).status).toBe(401);
    expect((await call('/setActive', undefined, { id: randomUUID(), active: true })).status).toBe(401);
  });
});
