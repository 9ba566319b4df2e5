import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonTypes, schools } from './db/schema/index.js';
import { wallClock } from './lib/school-clock.js';
import { createSchool, type TestSchool } from './test/factories.js';
import { createSettableClock, type SettableClock } from './test/settable-clock.js';
import { createTestApp, sessionToken, type TestApp } from './test/test-app.js';
import { SCHEDULING_MESSAGES as M } from '../shared/contracts/scheduling.js';

// A school's "now" (docs/decisions/067-a-school-clock-the-test-sets.md): the wall's unless a test set
// that school's clock, which only a test can, and which moves that school alone.

const ZONE = 'America/New_York';
const SET_DAY = '2026-05-13';
const at = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toJSDate();
/** The wall's today in the zone, and the day after (a check that runs across midnight sees either). */
const wallDays = () => {
  const now = DateTime.now().setZone(ZONE);
  return [now.toISODate()!, now.plus({ minutes: 1 }).toISODate()!];
};

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let clock: SettableClock;
const token = (id: string) => sessionToken(t, id);

async function privateTypeOf(s: TestSchool): Promise<string> {
  // The first scheduling call of a school makes its lesson types.
  await t.call('POST', '/api/scheduling/lessonType/list', { token: await token(s.admin.id), body: {} });
  const rows = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(lessonTypes).where(eq(lessonTypes.adminId, s.adminId)));
  return rows.find((r) => r.kind === 'private')!.id;
}

async function addLesson(s: TestSchool, date: string, startTime: string): Promise<string> {
  const res = await t.call('POST', '/api/scheduling/addLesson', {
    token: await token(s.admin.id),
    body: { teacherId: s.teacher.id, lessonTypeId: await privateTypeOf(s), studentIds: [s.student.id], date, startTime, durationMinutes: 30, repeat: 'none' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data._id;
}

async function today(s: TestSchool) {
  const res = await t.call('GET', '/api/dashboard/getToday', { token: await token(s.teacher.id) });
  expect(res.status).toBe(200);
  return res.body.data as { today: string; lessons: { _id: string }[]; attendanceToTake: { _id: string }[] };
}

async function takeAttendance(s: TestSchool, lessonId: string) {
  return t.call('POST', '/api/scheduling/takeAttendance', {
    token: await token(s.teacher.id), body: { lessonId, attendance: [{ studentId: s.student.id, status: 'present' }] },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  await t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ timeZone: ZONE }));
});
afterAll(async () => {
  await t.close();
});

describe('the school clock', () => {
  it('is the wall clock when no test set it: the app is built with it, and today is the wall\'s', async () => {
    expect(t.services.clock).toBe(wallClock);
    expect(Object.keys(wallClock)).toEqual(['now']);
    expect(wallDays()).toContain((await today(a)).today);
  });

  it('set for one school, moves that school alone', async () => {
    clock = createSettableClock();
    t.services.clock = clock;
    clock.set(a.adminId, at(SET_DAY, '16:10'));

    const begun = await addLesson(a, SET_DAY, '16:00');
    const ahead = await addLesson(a, SET_DAY, '16:30');
    const mine = await today(a);
    expect(mine.today).toBe(SET_DAY);
    expect(mine.lessons.map((l) => l._id)).toEqual([begun, ahead]);
    expect(mine.attendanceToTake.map((l) => l._id)).toEqual([begun]);
    // By the wall both began long ago; by the school's clock the 4:30 lesson is still ahead.
    expect((await takeAttendance(a, ahead)).body.message).toBe(M.attendanceNotYet);
    expect((await takeAttendance(a, begun)).status).toBe(200);

    // The other school reads the wall: its today, and its own lesson of that day long begun.
    expect(wallDays()).toContain((await today(b)).today);
    const bLesson = await addLesson(b, SET_DAY, '16:30');
    expect((await takeAttendance(b, bLesson)).status).toBe(200);
  });

  it('runs on from the instant it was set to, and reads the wall again once cleared', async () => {
    const set = createSettableClock();
    set.set(a.adminId, at(SET_DAY, '16:10'));
    const first = set.now(a.adminId).getTime();
    await new Promise((done) => setTimeout(done, 20));
    const later = set.now(a.adminId).getTime();
    expect(first - at(SET_DAY, '16:10').getTime()).toBeLessThan(1_000);
    expect(later).toBeGreaterThan(first);
    expect(Math.abs(set.now(b.adminId).getTime() - Date.now())).toBeLessThan(1_000);
    expect(Math.abs(set.now(null).getTime() - Date.now())).toBeLessThan(1_000);
    set.clear(a.adminId);
    expect(Math.abs(set.now(a.adminId).getTime() - Date.now())).toBeLessThan(1_000);
  });
});

describe('setting a school clock', () => {
  it('has no door in the app\'s API', async () => {
    const admin = await token(a.admin.id);
    for (const url of [`/api/schools/${a.adminId}/clock`, '/api/clock', '/api/test/clock']) {
      const res = await t.call('PUT', url, { token: admin, body: { now: at(SET_DAY, '09:00').toISOString() } });
      expect(res.status, url).toBe(404);
    }
    expect(t.app.printRoutes({ commonPrefix: false })).not.toMatch(/clock/i);
  });

  it('is reached by no file of the app: only tests and the test server import the settable clock', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const importers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && readFileSync(join(root, path), 'utf8').includes('settable-clock.js')) importers.push(relative('.', path));
      }
    };
    for (const dir of ['server', 'shared', 'web', 'tests', 'bench', 'scripts']) walk(dir);
    const app = importers.filter((f) => !/\.test\.tsx?$/.test(f) && !f.startsWith('server/test/'));
    expect(app).toEqual(['tests/e2e/support/serve.ts']);
  });
});
