import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payrolls } from '../../db/schema/index.js';
import { PAYROLL_MESSAGES as M } from '../../../shared/contracts/payroll.js';
import { rawCall } from '../../test/test-app.js';
import { pdfText } from '../../test/pdf-text.js';
import { payrollWorld, type PayrollWorld } from './test-kit.js';

let w: PayrollWorld;
const JUNE = { from: '2025-06-01', to: '2025-06-30' };
const figure = (detail: { rows: { teacher: { _id: string }; lines: { kind: string }[] }[] }, teacherId: string, kind: string) =>
  detail.rows.find((r) => r.teacher._id === teacherId)?.lines.find((l) => l.kind === kind);

beforeAll(async () => {
  w = await payrollWorld();
  const { a, b, teacher2 } = w;
  const t = a.teacher;
  await w.addLessons(a, [
    { teacher: t, kind: 'private', at: '2025-06-02T16:00', attendance: ['present'] },
    { teacher: t, kind: 'private', at: '2025-06-03T16:00', attendance: ['late', 'absent'] },
    { teacher: t, kind: 'private', at: '2025-06-04T16:00', attendance: ['absent'] },
    { teacher: t, kind: 'private', at: '2025-06-05T16:00', attendance: ['excused'] },
    { teacher: t, kind: 'private', at: '2025-06-06T16:00', cancelledHoursBefore: 2 },
    { teacher: t, kind: 'private', at: '2025-06-09T16:00', cancelledHoursBefore: 72 },
    { teacher: t, kind: 'private', at: '2025-06-10T16:00' },
    // The last evening of June on the school's clock is July 1st in UTC: still June's.
    { teacher: t, kind: 'private', at: '2025-06-30T23:30', attendance: ['present'] },
    { teacher: t, kind: 'private', at: '2025-07-01T00:30', attendance: ['present'] },
    { teacher: t, kind: 'class_group', at: '2025-06-14T10:00', attendance: ['present', 'absent'] },
    { teacher: teacher2, kind: 'private', at: '2025-06-02T17:00', attendance: ['present'] },
  ]);
  await w.addLessons(b, [{ teacher: b.teacher, kind: 'private', at: '2025-06-02T16:00', attendance: ['present'] }]);
});
afterAll(() => w.t.close());

const generate = (token: string, body: object = JUNE) => w.call('POST', '/api/payroll/generate', token, body);

describe('who may run payroll', () => {
  it('needs a session (401) and refuses teachers, students, parents and a sub-admin without allow_payroll_report (403) on every call', async () => {
    const id = randomUUID();
    const calls: [string, string, object?][] = [
      ['GET', '/api/payroll/settings'], ['POST', '/api/payroll/settings', { payNoShows: true, payLateCancellations: true }],
      ['POST', '/api/payroll/generate', JUNE], ['POST', '/api/payroll/list', {}], ['POST', '/api/payroll/approved', {}],
      ['POST', '/api/payroll/exportApproved', {}], ['GET', `/api/payroll/${id}`], ['GET', `/api/payroll/${id}/lessons?teacherId=${id}&kind=private`],
      ['POST', `/api/payroll/${id}/regenerate`], ['POST', `/api/payroll/${id}/approve`], ['DELETE', `/api/payroll/${id}`],
      ['POST', '/api/payroll/adjustment', { payrollId: id, teacherId: id, kind: 'bonus', amount: 5, reason: 'x' }],
      ['DELETE', '/api/payroll/adjustment', { id }], ['GET', `/api/payroll/${id}/payslip/${id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await w.call(method as 'GET', url, undefined, body)).status, url).toBe(401);
      for (const role of ['a.subadmin', 'a.teacher', 'a.student', 'a.parent']) {
        expect((await w.call(method as 'GET', url, w.tok[role], body)).status, `${role} ${url}`).toBe(403);
      }
    }
  });

  it('lets a sub-admin with allow_payroll_report run it', async () => {
    expect((await w.call('GET', '/api/payroll/settings', w.tok['a.allowedSub'])).body.data).toEqual({ payNoShows: false, payLateCancellations: false, noticeHours: 24 });
    expect((await w.call('POST', '/api/payroll/list', w.tok['a.allowedSub'], {})).status).toBe(200);
  });
});

describe('generating a payroll', () => {
  it('counts held lessons per teacher and kind at their rates, in cents, on the school’s clock', async () => {
    const res = await generate(w.tok['a.admin']!);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.generated);
    const d = res.body.data;
    expect(d).toMatchObject({ from: '2025-06-01', to: '2025-06-30', status: 'generated', teachers: 2, lessons: 5 });
    // 3 × $35.50 + 1 × $20.25 + 1 × $40.00
    expect(figure(d, w.a.teacher.id, 'private')).toMatchObject({ lessons: 3, rate: 35.5, amount: 106.5 });
    expect(figure(d, w.a.teacher.id, 'class_group')).toMatchObject({ lessons: 1, rate: 20.25, amount: 20.25 });
    expect(figure(d, w.teacher2.id, 'private')).toMatchObject({ lessons: 1, rate: 40, amount: 40 });
    expect(d.total).toBe(166.75);
    const lessons = await w.call('GET', `/api/payroll/${d._id}/lessons?teacherId=${w.a.teacher.id}&kind=private`, w.tok['a.admin']);
    expect(lessons.body.data.results.map((l: { date: string; reason: string }) => [l.date.slice(0, 16), l.reason])).toEqual([
      ['2025-06-02T16:00', 'held'], ['2025-06-03T16:00', 'held'], ['2025-06-30T23:30', 'held'],
    ]);
    expect(lessons.body.data.results[0].students).toEqual([`${'Student'} Tester`]);
    await w.call('DELETE', `/api/payroll/${d._id}`, w.tok['a.admin']);
  });

  it('pays no-shows and late cancellations when the school says so, and counts chosen teachers only', async () => {
    const saved = await w.call('POST', '/api/payroll/settings', w.tok['a.admin'], { payNoShows: true, payLateCancellations: true });
    expect(saved.body.message).toBe(M.settingsSaved);
    const d = (await generate(w.tok['a.admin']!, { ...JUNE, teacherIds: [w.a.teacher.id] })).body.data;
    expect(d.rows.map((r: { teacher: { _id: string } }) => r.teacher._id)).toEqual([w.a.teacher.id]);
    expect(figure(d, w.a.teacher.id, 'private')).toMatchObject({ lessons: 5, amount: 177.5 });
    const reasons = (await w.call('GET', `/api/payroll/${d._id}/lessons?teacherId=${w.a.teacher.id}&kind=private`, w.tok['a.admin'])).body.data.results.map((l: { reason: string }) => l.reason);
    expect(reasons.sort()).toEqual(['held', 'held', 'held', 'late_cancellation', 'no_show']);
    await w.call('DELETE', `/api/payroll/${d._id}`, w.tok['a.admin']);
    await w.call('POST', '/api/payroll/settings', w.tok['a.admin'], { payNoShows: false, payLateCancellations: false });
  });

  it('refuses bad input by field and changes nothing', async () => {
    const before = (await w.call('POST', '/api/payroll/list', w.tok['a.admin'], {})).body.data.totalCount;
    expect((await generate(w.tok['a.admin']!, { from: '2025-06-30', to: '2025-06-01' })).body.errors).toHaveProperty('to');
    expect((await generate(w.tok['a.admin']!, { from: 'June', to: '2025-06-01' })).body.errors).toHaveProperty('from');
    expect((await generate(w.tok['a.admin']!, { ...JUNE, teacherIds: ['nope'] })).status).toBe(400);
    const foreign = await generate(w.tok['a.admin']!, { ...JUNE, teacherIds: [w.b.teacher.id] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ teacherIds: M.teacherNotFound });
    expect((await w.call('POST', '/api/payroll/settings', w.tok['a.admin'], { payNoShows: 'yes' })).status).toBe(400);
    expect((await w.call('POST', '/api/payroll/list', w.tok['a.admin'], {})).body.data.totalCount).toBe(before);
  });
});

describe('adjusting, regenerating, approving', () => {
  let id: string;
  beforeAll(async () => {
    id = (await generate(w.tok['a.admin']!)).body.data._id;
  });

  it('adds bonuses and deductions with a reason to a teacher’s total (cents, no float)', async () => {
    const bonus = await w.call('POST', '/api/payroll/adjustment', w.tok['a.admin'], { payrollId: id, teacherId: w.a.teacher.id, kind: 'bonus', amount: '10.10', reason: 'Recital' });
    expect(bonus.status).toBe(200);
    const d = (await w.call('POST', '/api/payroll/adjustment', w.tok['a.admin'], { payrollId: id, teacherId: w.a.teacher.id, kind: 'deduction', amount: 0.2, reason: 'Late' })).body.data;
    const row = d.rows.find((r: { teacher: { _id: string } }) => r.teacher._id === w.a.teacher.id);
    expect(row).toMatchObject({ lessonsTotal: 126.75, adjustmentsTotal: 9.9, total: 136.65 });
    expect(d.total).toBe(176.65);
    const bad = await w.call('POST', '/api/payroll/adjustment', w.tok['a.admin'], { payrollId: id, teacherId: w.a.teacher.id, kind: 'bonus', amount: 0, reason: ' ' });
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['amount', 'reason']);
    expect((await w.call('POST', '/api/payroll/adjustment', w.tok['a.admin'], { payrollId: id, teacherId: w.a.teacher.id, kind: 'tip', amount: 1, reason: 'x' })).status).toBe(400);
    const deduction = row.adjustments.find((x: { kind: string }) => x.kind === 'deduction');
    const after = (await w.call('DELETE', '/api/payroll/adjustment', w.tok['a.admin'], { id: deduction._id })).body.data;
    expect(after.total).toBe(176.85);
  });

  it('regenerates from today’s calendar, keeping the adjustments', async () => {
    await w.addLessons(w.a, [{ teacher: w.a.teacher, kind: 'private', at: '2025-06-20T16:00', attendance: ['present'] }]);
    const d = (await w.call('POST', `/api/payroll/${id}/regenerate`, w.tok['a.admin'])).body.data;
    expect(figure(d, w.a.teacher.id, 'private')).toMatchObject({ lessons: 4, amount: 142 });
    expect(d.total).toBe(176.85 + 35.5);
  });

  it('hides another school’s payroll (404) from every call', async () => {
    const other = w.tok['b.admin'];
    expect((await w.call('GET', `/api/payroll/${id}`, other)).status).toBe(404);
    expect((await w.call('GET', `/api/payroll/${id}/lessons?teacherId=${w.a.teacher.id}&kind=private`, other)).status).toBe(404);
    expect((await w.call('POST', `/api/payroll/${id}/regenerate`, other)).status).toBe(404);
    expect((await w.call('POST', `/api/payroll/${id}/approve`, other)).status).toBe(404);
    expect((await w.call('DELETE', `/api/payroll/${id}`, other)).status).toBe(404);
    expect((await w.call('POST', '/api/payroll/adjustment', other, { payrollId: id, teacherId: w.b.teacher.id, kind: 'bonus', amount: 1, reason: 'x' })).status).toBe(404);
    expect((await w.call('GET', `/api/payroll/${id}/payslip/${w.a.teacher.id}`, other)).status).toBe(404);
    expect((await w.call('POST', '/api/payroll/list', other, {})).body.data.totalCount).toBe(0);
  });

  it('approves once, then locks it; its lessons are never paid again', async () => {
    const stale = (await generate(w.tok['a.admin']!, { from: '2025-06-02', to: '2025-06-02' })).body.data._id;
    const approved = await w.call('POST', `/api/payroll/${id}/approve`, w.tok['a.allowedSub']);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved' });
    expect(approved.body.data.approvedAt).toBeTruthy();
    expect((await w.call('POST', `/api/payroll/${id}/approve`, w.tok['a.admin'])).body).toMatchObject({ status: 409, message: M.alreadyApproved });
    expect((await w.call('POST', `/api/payroll/${id}/regenerate`, w.tok['a.admin'])).status).toBe(409);
    expect((await w.call('DELETE', `/api/payroll/${id}`, w.tok['a.admin'])).status).toBe(409);
    expect((await w.call('POST', '/api/payroll/adjustment', w.tok['a.admin'], { payrollId: id, teacherId: w.a.teacher.id, kind: 'bonus', amount: 1, reason: 'x' })).status).toBe(409);
    // A payroll generated before the approval held some of the same lessons: approving it is refused.
    expect((await w.call('POST', `/api/payroll/${stale}/approve`, w.tok['a.admin'])).body).toMatchObject({ status: 409, message: M.lessonPaid });
    const again = (await w.call('POST', `/api/payroll/${stale}/regenerate`, w.tok['a.admin'])).body.data;
    expect(again.lessons).toBe(0);
    expect((await w.call('DELETE', `/api/payroll/${stale}`, w.tok['a.admin'])).body.message).toBe(M.deleted);
    expect((await w.call('GET', `/api/payroll/${stale}`, w.tok['a.admin'])).status).toBe(404);
    // A later payroll over the same dates leaves the paid lessons out; a lesson added since is counted.
    const later = (await generate(w.tok['a.admin']!, { from: '2025-05-25', to: '2025-07-05' })).body.data;
    expect(later.lessons).toBe(1);
    expect(figure(later, w.a.teacher.id, 'private')).toMatchObject({ lessons: 1 });
    await w.call('DELETE', `/api/payroll/${later._id}`, w.tok['a.admin']);

    // Recent Activities tell who generated, approved and deleted which period.
    const lines = (await w.call('POST', '/api/recentActivities/viewAllActivities', w.tok['a.admin'], { limit: 100 })).body.data.results as { action: string; text: string }[];
    const payrollLines = lines.filter((l) => l.action.startsWith('payroll.')).map((l) => l.text);
    expect(payrollLines).toEqual(expect.arrayContaining([
      expect.stringMatching(/approved the payroll 2025-06-01 – 2025-06-30$/),
      expect.stringMatching(/deleted the payroll 2025-06-02 – 2025-06-02$/),
      expect.stringMatching(/generated the payroll 2025-05-25 – 2025-07-05$/),
    ]));
  });

  it('reports approved payroll by period and teacher with totals, as CSV and as a payslip', async () => {
    const list = (await w.call('POST', '/api/payroll/approved', w.tok['a.admin'], { from: '2025-06-01', to: '2025-06-30' })).body.data;
    expect(list.totalCount).toBe(2);
    expect(list.results.find((r: { teacher: { _id: string } }) => r.teacher._id === w.a.teacher.id)).toMatchObject({
      payrollId: id, privateLessons: 4, groupLessons: 1, lessonsTotal: 162.25, adjustmentsTotal: 10.1, total: 172.35,
    });
    expect(list.totals).toEqual({ lessons: 202.25, adjustments: 10.1, total: 212.35 });
    const one = (await w.call('POST', '/api/payroll/approved', w.tok['a.admin'], { teacherId: w.teacher2.id })).body.data;
    expect(one.results.map((r: { total: number }) => r.total)).toEqual([40]);
    expect((await w.call('POST', '/api/payroll/approved', w.tok['a.admin'], { from: '2025-08-01' })).body.data.totalCount).toBe(0);
    expect((await w.call('POST', '/api/payroll/approved', w.tok['a.admin'], { from: '2025-08-01', to: '2025-07-01' })).status).toBe(400);
    // Approved on the evening of 30 June in the school's New York: 1 July already in UTC.
    await w.t.db.transaction({ kind: 'all' }, (tx) => tx.update(payrolls).set({ approvedAt: new Date('2025-07-01T02:30:00Z') }).where(eq(payrolls.id, id)));
    const csv = await rawCall(w.t, 'POST', '/api/payroll/exportApproved', { token: w.tok['a.admin'], body: {} });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe('Period from,Period to,Approved,Teacher,Private lessons,Class/Group lessons,Lessons amount,Adjustments,Total');
    expect(csv.text).toContain('2025-06-01,2025-06-30,2025-06-30,');
    expect(csv.text).toContain(',4,1,162.25,10.10,172.35');
    const pdf = await rawCall(w.t, 'GET', `/api/payroll/${id}/payslip/${w.a.teacher.id}`, { token: w.tok['a.admin'], status: 200 });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(pdf.body)).toContain('Approved: 2025-06-30');
    expect((await w.call('GET', `/api/payroll/${id}/payslip/${w.b.teacher.id}`, w.tok['a.admin'])).status).toBe(404);
  });
});
