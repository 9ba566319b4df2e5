import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, type TestSchool } from '../../test/factories.js';
import { lessonTypes, lessons, schools } from '../../db/schema/index.js';
import { SCHOOL_DETAILS_MESSAGES } from '../../../shared/contracts/school-details.js';

let t: TestApp;
let school: TestSchool;
let other: TestSchool;
let lessonId: string;
let tokens: Record<'admin' | 'subadmin' | 'teacher' | 'otherAdmin', string>;

const all = <T>(fn: Parameters<TestApp['db']['transaction']>[1]) => t.db.transaction({ kind: 'all' }, fn) as Promise<T>;
const read = (token: string, adminId = school.adminId) => t.call('GET', `/api/school/details/${adminId}`, { token });
const update = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/school/details/update', { token, body });
const schoolRow = async () => (await all((tx) => tx.select().from(schools).where(eq(schools.adminId, school.adminId))) as (typeof schools.$inferSelect)[])[0]!;
const lessonStart = async () => (await all((tx) => tx.select({ startsAt: lessons.startsAt }).from(lessons).where(eq(lessons.id, lessonId))) as { startsAt: Date }[])[0]!.startsAt;

const DETAILS = {
  school_name: 'Harbor Music', working_phone: '(617) 555-0199', address1: '1 Main St', city: 'Boston', state: 'MA',
  postal_code: '02101', country: 'United States', time_zone: 'America/Los_Angeles',
};

beforeAll(async () => {
  t = await createTestApp();
  school = await createSchool(t.db);
  other = await createSchool(t.db);
  tokens = {
    admin: await sessionToken(t, school.admin.id), subadmin: await sessionToken(t, school.subadmin.id),
    teacher: await sessionToken(t, school.teacher.id), otherAdmin: await sessionToken(t, other.admin.id),
  };
  // A lesson at 16:00 in New York (the factory's school zone, the column's default) on 5 January 2027.
  lessonId = await all(async (tx) => {
    const [type] = await tx.insert(lessonTypes).values({ adminId: school.adminId, name: 'Piano 30', kind: 'private', durationMinutes: 30 }).returning();
    const [lesson] = await tx.insert(lessons).values({
      adminId: school.adminId, teacherId: school.teacher.id, lessonTypeId: type!.id,
      startsAt: new Date('2027-01-05T21:00:00Z'), endsAt: new Date('2027-01-05T21:30:00Z'),
    }).returning();
    return lesson!.id;
  });
});
afterAll(() => t.close());

describe('a school’s own details and time zone (decision 080)', () => {
  it('the admin changes the zone: stored times stay, the wall clock they read on moves', async () => {
    const before = await read(tokens.admin);
    expect(before.status).toBe(200);
    expect(before.body.data.time_zone).toBe('America/New_York');
    const lessonBefore = await t.call('POST', '/api/scheduling/getLesson', { token: tokens.admin, body: { id: lessonId } });
    expect(lessonBefore.body.data).toMatchObject({ startTime: '16:00', timeZone: 'America/New_York' });

    const res = await update(tokens.admin, { adminId: school.adminId, ...DETAILS });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SCHOOL_DETAILS_MESSAGES.updated);
    expect(res.body.data).toEqual({ adminId: school.adminId, ...DETAILS });
    expect(await schoolRow()).toMatchObject({ schoolName: 'Harbor Music', timeZone: 'America/Los_Angeles', workingPhone: '(617) 555-0199' });

    // The lesson is the same instant; it reads three hours earlier on the school's new clock.
    expect((await lessonStart()).toISOString()).toBe('2027-01-05T21:00:00.000Z');
    const lessonAfter = await t.call('POST', '/api/scheduling/getLesson', { token: tokens.admin, body: { id: lessonId } });
    expect(lessonAfter.body.data).toMatchObject({ startTime: '13:00', timeZone: 'America/Los_Angeles' });
    expect((await t.call('POST', '/api/scheduling/getSettings', { token: tokens.admin })).body.data.timeZone).toBe('America/Los_Angeles');
  });

  it('refuses a zone the engine does not know, and a missing one, with a 400 that changes nothing', async () => {
    for (const time_zone of ['Mars/Olympus_Mons', 'EST; drop table schools', '', undefined]) {
      const res = await update(tokens.admin, { adminId: school.adminId, ...DETAILS, time_zone, school_name: 'Changed' });
      expect(res.status, String(time_zone)).toBe(400);
    }
    const bad = await update(tokens.admin, { adminId: school.adminId, ...DETAILS, time_zone: 'Mars/Olympus_Mons' });
    expect(JSON.stringify(bad.body)).toContain(SCHOOL_DETAILS_MESSAGES.timeZoneInvalid);
    expect(await schoolRow()).toMatchObject({ schoolName: 'Harbor Music', timeZone: 'America/Los_Angeles' });
  });

  it('the sub-admin reads; only the admin changes; another school’s id is unknown', async () => {
    expect((await read(tokens.subadmin)).body.data.time_zone).toBe('America/Los_Angeles');
    expect((await update(tokens.subadmin, { adminId: school.adminId, ...DETAILS, time_zone: 'Europe/Paris' })).status).toBe(403);
    expect((await read(tokens.teacher)).status).toBe(403);
    expect((await read(tokens.otherAdmin)).status).toBe(404);
    expect((await update(tokens.otherAdmin, { adminId: school.adminId, ...DETAILS, time_zone: 'Europe/Paris' })).status).toBe(404);
    expect((await schoolRow()).timeZone).toBe('America/Los_Angeles');
  });
});
