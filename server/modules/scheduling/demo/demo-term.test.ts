import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.js';
import { DEMO_PASSWORD } from '../../../db/seed-demo.js';
import { seedDemoIfEmpty } from '../../../demo.js';
import { secretBoxOf } from '../../../lib/secret-box.js';

let t: TestApp;
const zone = 'America/New_York';

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, secretBoxOf(t.services.config));
});
afterAll(() => t.close());

const events = async (username: string, from: DateTime, to: DateTime) => {
  const token = await signIn(t, username, DEMO_PASSWORD);
  const res = await t.call('POST', '/api/scheduling/getEvents', { token, body: { start: from.toISO(), end: to.toISO() } });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.results as { title: string; start: string; attendanceTaken: boolean; assignedId: { cancelLesson: boolean; bankLesson: boolean } }[];
};

describe('the demo term', () => {
  const week = DateTime.now().setZone(zone).startOf('week');

  it('fills this week’s calendars of the admin, the teacher and the student', async () => {
    const school = await events('admin', week, week.plus({ weeks: 1 }));
    expect(school.length).toBeGreaterThanOrEqual(12);
    expect(school.some((e) => e.title.startsWith('Junior Strings Ensemble – Group Class'))).toBe(true);
    const teacher = await events('teacher', week, week.plus({ weeks: 1 }));
    expect(teacher.length).toBeGreaterThanOrEqual(5);
    expect(teacher.every((e) => !e.title.includes('Junior Strings'))).toBe(true);
    const student = await events('student', week, week.plus({ weeks: 1 }));
    expect(student.map((e) => e.title)).toEqual(expect.arrayContaining(['Private Lesson', 'Group Class']));
  });

  it('has past lessons with attendance, a closure day and a banked lesson ahead', async () => {
    const past = await events('admin', week.minus({ weeks: 3 }), week.minus({ weeks: 2 }));
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((e) => e.attendanceTaken)).toBe(true);
    const ahead = await events('student', week, week.plus({ weeks: 4 }));
    expect(ahead.filter((e) => e.assignedId.bankLesson)).toHaveLength(1);
    const month = await events('admin', week, week.plus({ weeks: 3 }));
    expect(month.filter((e) => e.assignedId.cancelLesson).length).toBeGreaterThanOrEqual(2);
    expect(await events('admin2', week, week.plus({ weeks: 1 }))).toHaveLength(3);
    expect(await events('privateteacher', week, week.plus({ weeks: 1 }))).toHaveLength(2);
  });
});
