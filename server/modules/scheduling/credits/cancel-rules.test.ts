import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, lessonSeries } from '../../../db/schema/index.js';
import { sessionToken } from '../../../test/test-app.js';
import { extendSeriesHorizon } from '../lessons/materialize-series.js';
import { schedulingWorld, setSchoolZone, weeklyLesson } from '../test-kit.js';

let w: Awaited<ReturnType<typeof schedulingWorld>>;
beforeAll(async () => {
  w = await schedulingWorld();
  await setSchoolZone(w.t, w.a.adminId, 'America/New_York');
});
afterAll(() => w.t.close());

const events = async (token: string, start: string, end: string) => (await w.api.ok('/getEvents', token, { start, end })).results as { _id: string }[];

describe('who may cancel what, and what a cancellation ends', () => {
  it('refuses a family cancelling a private lesson it shares with another family', async () => {
    await w.api.ok('/addLesson', w.tok.admin, weeklyLesson(w.a, w.types.private, { studentIds: [w.a.student.id, w.a.otherStudent.id], repeat: 'none', date: '2030-01-07' }));
    const [shared] = await events(w.tok.parent, '2030-01-06T00:00:00-05:00', '2030-01-13T00:00:00-05:00');
    const res = await w.api.call('/cancelLesson', w.tok.parent, { id: shared!._id, cancelReason: 'Ill' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This lesson is shared with other students; please ask the school to cancel it');
    const [still] = await w.t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(lessons).where(eq(lessons.id, shared!._id)));
    expect(still!.status).toBe('scheduled');
  });

  it('ends the series when staff cancel this and following, so the extend job adds nothing', async () => {
    const made = await w.api.ok('/addLesson', w.tok.admin, weeklyLesson(w.a, w.types.private, { date: '2030-02-04', startTime: '08:00', ends: 'never', count: null }));
    const feb = await events(w.tok.admin, '2030-02-10T00:00:00-05:00', '2030-02-17T00:00:00-05:00');
    await w.api.ok('/cancelLesson', w.tok.admin, { id: feb[0]!._id, scope: 'following', cancelReason: 'Moved away' });
    const [series] = await w.t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(lessonSeries).where(eq(lessonSeries.id, made.seriesId)));
    expect(series!.materializedUntil).toBeNull();
    expect(series!.rrule).toContain('UNTIL=20300211T075900Z');
    expect(await extendSeriesHorizon(w.t.db, new Date('2031-01-01T00:00:00Z'))).toBe(0);
  });

  it('keeps the calendar link personal in login-as, and refuses a student marked twice', async () => {
    const asStudent = await sessionToken(w.t, w.a.student.id, { actorUserId: w.a.admin.id });
    const feed = await w.api.call('/getCalendarFeed', asStudent, {});
    expect(feed.status).toBe(403);
    expect(feed.body.message).toBe('The calendar link is personal; sign in as yourself to see it');
    const twice = await w.api.call('/takeAttendance', w.tok.admin, {
      lessonId: '00000000-0000-4000-8000-000000000000',
      attendance: [{ studentId: w.a.student.id, status: 'present' }, { studentId: w.a.student.id, status: 'late' }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual({ attendance: 'Each student may appear once' });
  });
});
