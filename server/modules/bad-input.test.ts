import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schools } from '../db/schema/index.js';
import { createTestApp, sessionToken } from '../test/test-app.js';
import { createSchool, createUser } from '../test/factories.js';
import {
  bodyWith, databaseFingerprint, fieldName, isClosedString, isFreeText, operationsOf, routeName,
  type Operation, type RequestField,
} from '../test/openapi-fields.js';
import { TEXT_MESSAGES } from '../../shared/contracts/common.js';
import { nextIp } from '../test/next-ip.js';

/**
 * Bad input is a 400 that changes nothing, never a 500 (decision 024), for every route of the
 * OpenAPI document: every request string and array is bounded, and a control character or an
 * over-long value in any string field is refused by validation, field by field.
 */

// One app and one database for the file: the routes are read from the app's OpenAPI document at
// collection time, so each route is a test of its own.
const t = await createTestApp();
const a = await createSchool(t.db);
// With the store open, the school's people reach the store's buying calls (the provider buys nothing)
// and the admin's Store Builder calls reach validation instead of the store's 403.
await t.db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ showStore: true }).where(eq(schools.adminId, a.adminId)));
const superadmin = await createUser(t.db, 'superadmin', null);
const tokens = [
  await sessionToken(t, a.admin.id),
  await sessionToken(t, superadmin.id),
  await sessionToken(t, a.teacher.id),
  await sessionToken(t, a.student.id),
  await sessionToken(t, a.parent.id),
];
const operations = operationsOf(t.app);
let before: Record<string, string>;

beforeAll(async () => {
  before = await databaseFingerprint(t.db);
});
afterAll(() => t.close());

const CONTROL_VALUES: [string, string][] = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['ESC', '\u001b[2J'],
  ['DEL', '\u007f'],
  ['C1 NEL', '\u0085'],
  ['C1 CSI', '\u009b'],
];
/** A lone half of a surrogate pair: valid JSON ("\ud800"), impossible in a URL. */
const LONE_SURROGATE: [string, string] = ['lone surrogate', '\ud800'];

// Each request from an address of its own (nextIp): the sign-in and signup limits count by address.

const NIL_UUID = '00000000-0000-4000-8000-000000000000';

/** The request that puts `value` into `field` and leaves every other field out. */
function requestFor(op: Operation, field: RequestField, value: string) {
  const pathParams = op.fields.filter((f) => f.location === 'path');
  let url = op.url;
  for (const p of pathParams) {
    url = url.replace(`{${p.path[0]}}`, p === field ? encodeURIComponent(value) : NIL_UUID);
  }
  if (field.location === 'query') url += `?${encodeURIComponent(String(field.path[0]))}=${encodeURIComponent(value)}`;
  const body = field.location === 'body' ? bodyWith(field.path, value) : op.method === 'GET' ? undefined : {};
  return { url, body };
}

/** Signed in as the first of admin, superadmin, teacher, student, parent the route lets in (nobody on a public route). */
async function send(op: Operation, url: string, body: unknown) {
  const candidates = op.isPublic ? [undefined] : tokens;
  let res: Awaited<ReturnType<typeof t.call>> | undefined;
  for (const token of candidates) {
    res = await t.call(op.method, url, { token, body, ip: nextIp() });
    if (res.status !== 401 && res.status !== 403) return res;
  }
  return res!;
}

/** What a field's error is keyed by in the answer: the path in the body, or the parameter's name. */
const errorKey = (f: RequestField) => f.path.join('.');

/** A value of the field's minimum length ending in `bad`, so only the character can be wrong with its length. */
const padded = (f: RequestField, bad: string) => 'a'.repeat(Math.max(0, (f.schema.minLength ?? 1) - bad.length)) + bad;

const stringFields = (op: Operation) => op.fields.filter((f) => f.kind === 'string' && !isClosedString(f.schema));
const withStrings = operations.filter((op) => stringFields(op).length > 0);

describe('the OpenAPI document bounds every request field', () => {
  it('every string of a body, query or path has a maxLength (or is an enum), every array a maxItems', () => {
    const unbounded = operations.flatMap((op) => op.fields
      .filter((f) => (f.kind === 'string' && f.schema.maxLength === undefined && !isClosedString(f.schema)) || (f.kind === 'array' && f.schema.maxItems === undefined))
      .map((f) => `${routeName(op)} ${fieldName(f)} (${f.kind})`));
    expect(unbounded).toEqual([]);
  });

  it('finds the routes that take strings (the walk itself works)', () => {
    expect(withStrings.length).toBeGreaterThan(50);
    const addLesson = operations.find((op) => op.url === '/api/scheduling/addLesson')!;
    expect(stringFields(addLesson).map(fieldName)).toEqual(expect.arrayContaining(['notes', 'date', 'studentIds.0', 'teacherId']));
  });
});

describe('a control character or an over-long string in any field is a 400 naming the field', () => {
  it.each(withStrings.map((op) => [routeName(op), op] as const))('%s', async (_name, op) => {
    const failures: string[] = [];
    for (const field of stringFields(op)) {
      const cases: [string, string][] = [...CONTROL_VALUES, ...(field.location === 'body' ? [LONE_SURROGATE] : [])]
        .map(([label, bad]) => [label, padded(field, bad)] as [string, string]);
      cases.push(['over-long', 'a'.repeat(field.schema.maxLength! + 1)]);
      for (const [label, value] of cases) {
        const { url, body } = requestFor(op, field, value);
        const res = await send(op, url, body);
        const message = res.body.errors?.[errorKey(field)];
        const where = `${fieldName(field)} with ${label}`;
        // The router refuses a path parameter over 100 characters itself (414), before any handler.
        if (label === 'over-long' && field.location === 'path' && res.status === 414) continue;
        if (res.status !== 400) failures.push(`${where}: ${res.status} ${res.body.message}`);
        else if (!message) failures.push(`${where}: 400 without an error for the field (${JSON.stringify(res.body.errors)})`);
        else if (label !== 'over-long' && isFreeText(field.schema) && message !== TEXT_MESSAGES.controlCharacters) {
          failures.push(`${where}: "${message}" instead of the string rule's message`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('changed nothing in the database', async () => {
    expect(await databaseFingerprint(t.db)).toEqual(before);
  });
});

describe('dates are bounded near today', () => {
  const yearsFromNow = (years: number) => {
    const d = new Date();
    d.setUTCFullYear(d.getUTCFullYear() + years);
    return d.toISOString().slice(0, 10);
  };
  const admin = () => tokens[0]!;

  it('a weekly series from 2010 is a 400 on its date, and makes no lesson', async () => {
    const type = await t.call('POST', '/api/scheduling/lessonType/add', { token: admin(), body: { name: 'Dates probe', kind: 'private', durationMinutes: 30 } });
    const lessonsBefore = (await databaseFingerprint(t.db)).lessons;
    const res = await t.call('POST', '/api/scheduling/addLesson', {
      token: admin(),
      body: { teacherId: a.teacher.id, lessonTypeId: type.body.data._id, studentIds: [a.student.id], date: '2010-01-04', startTime: '16:00', durationMinutes: 30, repeat: 'weekly', ends: 'never' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ date: 'Please choose a date from 2 years ago to 5 years ahead' });
    expect((await databaseFingerprint(t.db)).lessons).toBe(lessonsBefore);
    await t.call('DELETE', '/api/scheduling/lessonType/remove', { token: admin(), body: { id: type.body.data._id } });
  });

  it.each([
    ['a lesson moved to 2010', '/api/scheduling/moveLesson', { id: NIL_UUID, date: '2010-01-04', startTime: '10:00' }, 'date'],
    ['a lesson six years ahead', '/api/scheduling/moveLesson', { id: NIL_UUID, date: yearsFromNow(6), startTime: '10:00' }, 'date'],
    ['a holiday in the year 3000', '/api/scheduling/holiday/add', { name: 'Far', startsOn: '3000-01-01', endsOn: '3000-01-02' }, 'startsOn'],
    ['a term from 1990', '/api/scheduling/updateSettings', {
      creditMaxHeld: 3, creditMaxPerTerm: 3, creditLifetimeDays: 30, noticeHours: 24, bankedDueHours: 24, reminderHours: 24,
      defaultLessonMinutes: 30, termStartsOn: '1990-01-01', termEndsOn: '1990-06-01',
    }, 'termStartsOn'],
    ['an attendance report from 1900', '/api/reporting/getAttendance', { from: '1900-01-01', to: '1900-02-01' }, 'from'],
  ])('%s is a 400 on the date', async (_name, url, body, field) => {
    const res = await t.call('POST', url, { token: admin(), body });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toMatch(/^Please choose a date from \d+ years ago to 5 years ahead$/);
  });

  it('takes dates within the bounds', async () => {
    const res = await t.call('POST', '/api/reporting/getAttendance', { token: admin(), body: { from: yearsFromNow(-3), to: yearsFromNow(0) } });
    expect(res.status).toBe(200);
  });
});
