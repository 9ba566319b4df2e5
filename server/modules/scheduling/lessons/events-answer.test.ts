import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulingWorld, setSchoolZone, weeklyLesson } from '../test-kit.js';

/** What the calendar draws beside each lesson: its teacher (to colour by), and the closures of the window. */
let w: Awaited<ReturnType<typeof schedulingWorld>>;
beforeAll(async () => {
  w = await schedulingWorld();
  await setSchoolZone(w.t, w.a.adminId, 'America/New_York');
  await setSchoolZone(w.t, w.b.adminId, 'America/New_York');
  await w.api.ok('/addLesson', w.tok.admin, weeklyLesson(w.a, w.types.private, { count: 4 }));
  await w.api.ok('/holiday/add', w.tok.admin, { name: 'Winter break', startsOn: '2027-01-09', endsOn: '2027-01-12', bankLessons: false });
  await w.api.ok('/holiday/add', w.tok.admin, { name: 'Founders Day', startsOn: '2027-02-01', endsOn: '2027-02-01', bankLessons: false });
  await w.api.ok('/holiday/add', w.tokB.admin, { name: 'Other school closed', startsOn: '2027-01-11', endsOn: '2027-01-11', bankLessons: false });
});
afterAll(() => w.t.close());

const jan = (token: string, start = '2027-01-10T00:00:00-05:00', end = '2027-01-17T00:00:00-05:00') =>
  w.api.ok('/getEvents', token, { start, end });

describe('the events answer', () => {
  it('names each lesson\'s teacher by id, for every viewer, and marks the closure-cancelled lesson with its reason', async () => {
    for (const who of ['admin', 'teacher', 'student', 'parent'] as const) {
      const week = await jan(w.tok[who]);
      expect(week.results).toHaveLength(1);
      expect(week.results[0]).toMatchObject({ teacherId: w.a.teacher.id, isMakeup: false, assignedId: { cancelLesson: true, cancelReason: 'Holiday: Winter break' } });
    }
  });

  it('lists the school\'s closures touching the window, as school days, and no other school\'s', async () => {
    const week = await jan(w.tok.student);
    expect(week.closures).toEqual([{ _id: expect.any(String), name: 'Winter break', startsOn: '2027-01-09', endsOn: '2027-01-12' }]);
    // The window's end is exclusive: a window ending at midnight of 9 Jan has no closure.
    expect((await jan(w.tok.admin, '2027-01-03T00:00:00-05:00', '2027-01-09T00:00:00-05:00')).closures).toEqual([]);
    const month = await jan(w.tok.admin, '2027-01-01T00:00:00-05:00', '2027-02-02T00:00:00-05:00');
    expect(month.closures.map((c: { name: string }) => c.name)).toEqual(['Winter break', 'Founders Day']);
    expect(week.defaultLessonMinutes).toBe(30);
    const other = await jan(w.tokB.admin);
    expect(other.closures.map((c: { name: string }) => c.name)).toEqual(['Other school closed']);
  });
});
