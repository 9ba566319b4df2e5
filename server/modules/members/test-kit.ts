import { createTestApp, expectCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, type TestSchool } from '../../test/factories.js';
import { genres } from '../../db/schema/index.js';

/** Helpers the members tests share: calls under /api/member and every role's token of a school. */
export function memberCalls(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, token: string | undefined, body?: unknown) =>
    t.call(method, `/api/member${path}`, { token, body });
  return {
    call,
    list: (kind: string, token: string, body: Record<string, unknown> = {}) => call('POST', `/${kind}/list`, token, body),
    add: async (kind: string, token: string, body: Record<string, unknown>) =>
      (await expectCall(t, 'POST', `/api/member/${kind}/add`, { token, body })).data as { _id: string; username: string; email: string },
  };
}

export type Tokens = Record<'admin' | 'subadmin' | 'teacher' | 'student' | 'parent', string>;

export async function tokensOf(t: TestApp, s: TestSchool): Promise<Tokens> {
  return {
    admin: await sessionToken(t, s.admin.id),
    subadmin: await sessionToken(t, s.subadmin.id),
    teacher: await sessionToken(t, s.teacher.id),
    student: await sessionToken(t, s.student.id),
    parent: await sessionToken(t, s.parent.id),
  };
}

export async function genreIds(t: TestApp): Promise<Record<string, string>> {
  const rows = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(genres));
  return Object.fromEntries(rows.map((g) => [g.name, g.id]));
}

let seq = 0;
/** A valid person form; the tag keeps usernames and emails apart between tests. */
export function personForm(tag: string, extra: Record<string, unknown> = {}) {
  const n = `${tag}${++seq}${Math.random().toString(36).slice(2, 6)}`;
  return { first_name: 'Robin', last_name: 'Hart', username: `u.${n}`, email: `${n}@example.test`, ...extra };
}

/** What most members test files start from: the app, its calls, two schools, A's tokens and the genres. */
export async function membersWorld() {
  const t = await createTestApp();
  const a = await createSchool(t.db);
  const b = await createSchool(t.db);
  return { t, api: memberCalls(t), a, b, tok: await tokensOf(t, a), g: await genreIds(t) };
}
