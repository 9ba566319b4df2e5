import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons } from '../../../db/schema/index.js';
import { randomBytes } from 'node:crypto';
import { createSchool, createUser } from '../../../test/factories.js';
import { createTestApp, rawCall, sessionToken } from '../../../test/test-app.js';
import { BEFORE_THE_TESTS_LESSONS, lessonTypesOf, schedulingCalls, setSchoolZone, weeklyLesson } from '../test-kit.js';
import { setSchoolsNow } from '../../../test/settable-clock.js';

/** schedulingWorld's parts, with a key of the test's own: the feed tokens are sealed with it (no key file in DATA_DIR). */
async function feedWorld() {
  const t = await createTestApp({ ENCRYPTION_KEY: randomBytes(32).toString('base64') });
  const a = await createSchool(t.db);
  const b = await createSchool(t.db);
  const tok = {
    admin: await sessionToken(t, a.admin.id), teacher: await sessionToken(t, a.teacher.id),
    student: await sessionToken(t, a.student.id), parent: await sessionToken(t, a.parent.id),
  };
  return { t, api: schedulingCalls(t), a, b, tok, tokB: { admin: await sessionToken(t, b.admin.id) }, types: await lessonTypesOf(t, a.adminId) };
}

let w: Awaited<ReturnType<typeof feedWorld>>;
let winterId: string;
let summerId: string;

beforeAll(async () => {
  w = await feedWorld();
  await setSchoolZone(w.t, w.a.adminId, 'America/New_York');
  // The feed's window (60 days back, 400 ahead) is around the school's now: before the 2027 lessons below.
  setSchoolsNow(w.t.services, [w.a.adminId, w.b.adminId], BEFORE_THE_TESTS_LESSONS);
  const oneOff = (date: string) => w.api.ok('/addLesson', w.tok.admin, { ...weeklyLesson(w.a, w.types.private), repeat: 'none', date });
  winterId = (await oneOff('2027-01-11'))._id;
  summerId = (await oneOff('2027-07-12'))._id;
  await w.t.db.transaction({ kind: 'all' }, (tx) => tx.update(lessons)
    .set({ status: 'cancelled', cancelReason: 'Teacher is ill', cancelledAt: new Date(), updatedAt: sql`now() + interval '1 minute'` })
    .where(eq(lessons.id, summerId)));
});
afterAll(() => w.t.close());

async function feedUrlOf(token: string): Promise<string> {
  return (await w.api.ok('/getCalendarFeed', token, {})).url;
}

const fetchFeed = (url: string) => rawCall(w.t, 'GET', url.replace('http://cadenza.test', ''));

function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((v) => {
      const e = new ICAL.Event(v);
      return { uid: e.uid, start: e.startDate.toJSDate(), end: e.endDate.toJSDate(), summary: e.summary, location: e.location, status: v.getFirstPropertyValue('status'), description: e.description, sequence: e.sequence };
    }),
  };
}

describe('the private calendar feed', () => {
  it('gives the same absolute URL each time, and a feed that parses with a real parser', async () => {
    const url = await feedUrlOf(w.tok.teacher);
    expect(url).toMatch(/^http:\/\/cadenza\.test\/api\/scheduling\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrlOf(w.tok.teacher)).toBe(url);
    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const { calendar, events } = eventsOf(res.text);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toMatch(/ lessons$/);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/New_York');
    expect(res.text.indexOf('X-WR-TIMEZONE')).toBeLessThan(res.text.indexOf('BEGIN:VEVENT'));
    expect(res.text).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
    expect(events.map((e) => e.uid).sort()).toEqual([`${winterId}@cadenza`, `${summerId}@cadenza`].sort());
  });

  it('round-trips 4 pm New York in winter and in summer to the right instants', async () => {
    const { events } = eventsOf((await fetchFeed(await feedUrlOf(w.tok.student))).text);
    const winter = events.find((e) => e.uid === `${winterId}@cadenza`)!;
    const summer = events.find((e) => e.uid === `${summerId}@cadenza`)!;
    expect(winter.start.toISOString()).toBe('2027-01-11T21:00:00.000Z');
    expect(winter.end.toISOString()).toBe('2027-01-11T21:30:00.000Z');
    expect(summer.start.toISOString()).toBe('2027-07-12T20:00:00.000Z');
  });

  it('shows a cancellation with its reason, and a later change with a higher SEQUENCE', async () => {
    const { events } = eventsOf((await fetchFeed(await feedUrlOf(w.tok.teacher))).text);
    const summer = events.find((e) => e.uid === `${summerId}@cadenza`)!;
    const winter = events.find((e) => e.uid === `${winterId}@cadenza`)!;
    expect(summer.status).toBe('CANCELLED');
    expect(summer.description).toContain('Teacher is ill');
    expect(winter.status).toBe('CONFIRMED');
    expect(summer.sequence).toBeGreaterThan(winter.sequence);
  });

  it('titles events by the calendar detail rule: names for the teacher, the lesson type for the family', async () => {
    const teacher = eventsOf((await fetchFeed(await feedUrlOf(w.tok.teacher))).text).events.find((e) => e.uid === `${winterId}@cadenza`)!;
    expect(teacher.summary).toBe('Student Tester – Private Lesson');
    for (const who of ['student', 'parent'] as const) {
      const family = eventsOf((await fetchFeed(await feedUrlOf(w.tok[who]))).text).events.find((e) => e.uid === `${winterId}@cadenza`)!;
      expect(family.summary).toBe('Private Lesson');
    }
  });

  it('shows another school’s people none of these lessons', async () => {
    const { events } = eventsOf((await fetchFeed(await feedUrlOf(w.tokB.admin))).text);
    expect(events).toEqual([]);
    const otherStudent = await sessionToken(w.t, w.a.otherStudent.id);
    expect(eventsOf((await fetchFeed(await feedUrlOf(otherStudent))).text).events).toEqual([]);
  });

  it('reset gives a new URL and the old one answers 404', async () => {
    const old = await feedUrlOf(w.tok.parent);
    const res = await w.api.call('/resetCalendarFeed', w.tok.parent, {});
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Calendar link reset successfully. The old link no longer works.');
    expect(res.body.data.url).not.toBe(old);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(res.body.data.url)).status).toBe(200);
    expect(await feedUrlOf(w.tok.parent)).toBe(res.body.data.url);
  });

  it('answers 404 to an unknown token, and no longer serves a deactivated person', async () => {
    expect((await fetchFeed('/api/scheduling/ical/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics')).status).toBe(404);
    expect((await fetchFeed('/api/scheduling/ical/short.ics')).status).toBe(404);
    const leaver = await createUser(w.t.db, 'student', w.a.adminId);
    const url = await feedUrlOf(await sessionToken(w.t, leaver.id));
    expect((await fetchFeed(url)).status).toBe(200);
    await w.t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`update users set status = false where id = ${leaver.id}`));
    expect((await fetchFeed(url)).status).toBe(404);
  });

  it('answers 401 without a session and 403 to a superadmin of their own', async () => {
    expect((await w.api.call('/getCalendarFeed', undefined, {})).status).toBe(401);
    expect((await w.api.call('/resetCalendarFeed', undefined, {})).status).toBe(401);
    const superadmin = await createUser(w.t.db, 'superadmin', null);
    expect((await w.api.call('/getCalendarFeed', await sessionToken(w.t, superadmin.id), {})).status).toBe(403);
  });
});
