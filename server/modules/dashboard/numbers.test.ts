import { randomUUID } from 'node:crypto';
import { eq as sqlEq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, schoolPlanBookings, schoolPlanCharges, schoolPlans, studentSignups } from '../../db/schema/index.js';
import { createSchool, createSchoolWithGroupStudent, createUser, type TestSchool, type TestSchoolWithGroup, type TestUser } from '../../test/factories.js';
import { createInvoice, recordCashPayment } from '../../test/invoice-factory.js';
import { reportFixtures } from '../../test/lesson-fixtures.js';
import { createSettableClock } from '../../test/settable-clock.js';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let a: TestSchoolWithGroup;
let b: TestSchool;
let superadmin: TestUser;
let fixturesOfA: ReturnType<typeof reportFixtures>;

const zone = 'America/New_York';
/**
 * The schools' now, on the clock the test sets (decision 067), not the wall's: near midnight the
 * wall's "today" moved under the test's lessons. Sunday 7 November 2027, the day New York turns its
 * clocks back: a 25-hour day ending a week an hour longer than seven times 24 (decision 072).
 */
const now = DateTime.fromISO('2027-11-07T10:00', { zone });
const dayStart = now.startOf('day');
const weekStart = now.startOf('week');
/** The superadmin belongs to no school and reads the wall (decision 067). */
const wallNow = DateTime.now().setZone('UTC');

/**
 * School A on New York's clock, around its now: the teacher's two lessons today (started just after
 * midnight, attendance not taken: a private one and their group's, one student each) and a
 * cancelled one; another teacher's lesson late on Sunday; last week's lesson marked present; three
 * marked ten days ago (present, late, absent) and one 40 days ago (absent, outside the rate's
 * window). Money: 50.00 in and 10.00 refunded this month, 70.00 last month; 70.00 still owed.
 * School B has as much again, so that any leak shows.
 */
async function fill(s: TestSchoolWithGroup | TestSchool, other: TestUser) {
  const f = reportFixtures(t.db, s.adminId, zone);
  if (s === a) fixturesOfA = f;
  const teacherId = s.teacher.id;
  await f.lesson({ teacherId, at: dayStart.plus({ minutes: 1 }), studentId: s.student.id });
  await f.lesson({ teacherId, at: dayStart.plus({ minutes: 2 }), classGroupId: s.classGroupId });
  await f.lesson({ teacherId, at: dayStart.plus({ minutes: 3 }), studentId: s.student.id, cancelled: true });
  await f.lesson({ teacherId: other.id, at: weekStart.plus({ weeks: 1 }).minus({ minutes: 1 }), studentId: s.otherStudent.id });
  await f.lesson({ teacherId, at: weekStart.minus({ minutes: 1 }), studentId: s.student.id, attendance: 'present' });
  for (const attendance of ['present', 'late', 'absent']) await f.lesson({ teacherId, at: now.minus({ days: 10 }), studentId: s.student.id, attendance });
  await f.lesson({ teacherId, at: now.minus({ days: 40 }), studentId: s.student.id, attendance: 'absent' });
  await f.practice(s.student.id, dayStart.toISODate()!, 600);
  await f.practice(s.otherStudent.id, dayStart.toISODate()!, 1200);
  await f.practice(s.student.id, weekStart.minus({ days: 1 }).toISODate()!, 6000);
  const open = await createInvoice(t.db, s, { totalCents: 12_000 });
  const charge = await recordCashPayment(t.db, s, open.id, 5_000);
  const paid = await createInvoice(t.db, s, { totalCents: 7_000 });
  await recordCashPayment(t.db, s, paid.id, 7_000);
  await createInvoice(t.db, s, { totalCents: 9_900, status: 'draft' });
  await t.db.transaction({ kind: 'all' }, async (tx) => {
    await tx.insert(payments).values({
      adminId: s.adminId, invoiceId: open.id, studentId: s.student.id, payerId: s.parent.id, kind: 'refund', method: 'cash', source: 'staff',
      status: 'succeeded', amountCents: -1_000, refundOfId: charge,
    });
    // The open invoice's payment and refund are this month's on the school's clock; the paid invoice's was last month's.
    await tx.update(payments).set({ createdAt: now.startOf('month').plus({ hours: 12 }).toJSDate() }).where(sqlEq(payments.invoiceId, open.id));
    await tx.update(payments).set({ createdAt: now.startOf('month').minus({ days: 2 }).toJSDate() }).where(sqlEq(payments.invoiceId, paid.id));
    const signup = { adminId: s.adminId, firstName: 'New', lastName: 'Comer', email: 'new@example.com', cellPhone: '5555550100', genres: [] };
    await tx.insert(studentSignups).values([signup, signup, { ...signup, status: 'approved' }]);
  });
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchoolWithGroupStudent(t.db);
  b = await createSchool(t.db);
  const clock = createSettableClock();
  t.services.clock = clock;
  for (const s of [a, b]) clock.set(s.adminId, now.toJSDate());
  superadmin = await createUser(t.db, 'superadmin', null);
  await fill(a, await createUser(t.db, 'teacher', a.adminId));
  await fill(b, await createUser(t.db, 'teacher', b.adminId));
  // The provider's plans: 49.00 settled this month, 99.00 last month, 20.00 declined.
  await t.db.transaction({ kind: 'all' }, async (tx) => {
    const [plan] = await tx.insert(schoolPlans).values({ planName: 'Studio', priceCents: 4900, schoolPrivateTeacher: 'school', billingPeriod: 'monthly' }).returning();
    const month = wallNow.startOf('month');
    const [booking] = await tx.insert(schoolPlanBookings).values({
      adminId: a.adminId, planId: plan!.id, paymentMethod: 'card', periodStartsOn: month.toISODate()!, renewsOn: month.plus({ months: 1 }).toISODate()!,
    }).returning();
    const charge = (amountCents: number, status: string, settledAt: DateTime) => ({
      adminId: a.adminId, bookingId: booking!.id, planId: plan!.id, planName: 'Studio', periodStartsOn: settledAt.toISODate()!, periodEndsOn: settledAt.toISODate()!,
      amountCents, method: 'card', status, idempotencyKey: randomUUID(), settledAt: settledAt.toJSDate(),
    });
    await tx.insert(schoolPlanCharges).values([
      charge(4_900, 'succeeded', month.plus({ minutes: 1 })), charge(9_900, 'succeeded', month.minus({ days: 3 })), charge(2_000, 'declined', month.plus({ days: 1 })),
    ]);
  });
});
afterAll(() => t.close());

async function numbers(userId: string) {
  const res = await t.call('GET', '/api/dashboard/getDashboard', { token: await sessionToken(t, userId) });
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.data.figures as { key: string; value: number | null; format?: string; currency?: string }[])
    .map((f) => [f.key, f.format === 'money' ? `${f.value} ${f.currency}` : f.format === 'percent' ? `${f.value}%` : f.value]));
}

describe('the dashboards’ numbers', () => {
  it('gives the office this week’s lessons, the attendance rate, this month’s money and new widget students', async () => {
    const expected = {
      lessonsThisWeek: 3, attendanceRate: '75%', revenueThisMonth: '4000 USD', outstandingBalance: '7000 USD', newWidgetStudents: 2,
    };
    expect(await numbers(a.admin.id)).toMatchObject(expected);
    expect(await numbers(a.subadmin.id)).toMatchObject(expected);
  });

  it('gives a teacher today’s lessons, the students to mark and their students’ practice this week', async () => {
    // The private lesson's student and the group's member; last week's lesson was marked.
    expect(await numbers(a.teacher.id)).toMatchObject({ todaysLessons: 2, studentsToMark: 2, practiceMinutesThisWeek: 10 });
  });

  it('counts a lesson in the last hour of a 25-hour day as today’s', async () => {
    // Seven times 24 hours after Monday, or 24 after midnight, fell an hour short of the school's week and day.
    await fixturesOfA.lesson({ teacherId: a.teacher.id, at: dayStart.plus({ days: 1 }).minus({ minutes: 30 }), studentId: a.student.id });
    expect(await numbers(a.teacher.id)).toMatchObject({ todaysLessons: 3, studentsToMark: 2 });
    expect(await numbers(a.admin.id)).toMatchObject({ lessonsThisWeek: 4 });
  });

  it('gives the superadmin the provider’s plan revenue this month', async () => {
    expect(await numbers(superadmin.id)).toMatchObject({ planRevenueThisMonth: '4900 USD' });
  });

  it('needs a sign-in', async () => {
    expect((await t.call('GET', '/api/dashboard/getDashboard', {})).status).toBe(401);
  });
});
