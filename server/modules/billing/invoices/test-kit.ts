import { and, eq } from 'drizzle-orm';
import { lessonTypes } from '../../../db/schema/index.js';
import type { TestSchool } from '../../../test/factories.js';
import { expectCall, sessionToken, type TestApp } from '../../../test/test-app.js';
import { loadSchoolSchedule } from '../../scheduling/index.js';

/** Calls under /api/invoices. */
export function invoiceCalls(t: TestApp) {
  const call = (path: string, token: string | undefined, body?: unknown, method: 'POST' | 'GET' = 'POST') =>
    t.call(method, `/api/invoices${path}`, { token, body });
  return {
    call,
    ok: async (path: string, token: string, body?: unknown, method: 'POST' | 'GET' = 'POST') => (await expectCall(t, method, `/api/invoices${path}`, { token, body })).data,
  };
}

export { pdfText } from '../../../test/pdf-text.js';

export type Tokens = Record<'admin' | 'subadmin' | 'teacher' | 'student' | 'parent', string>;

/** A session for each person of a test school. */
export async function tokensOf(t: TestApp, s: TestSchool): Promise<Tokens> {
  const ids = { admin: s.admin.id, subadmin: s.subadmin.id, teacher: s.teacher.id, student: s.student.id, parent: s.parent.id };
  const tokens = {} as Tokens;
  for (const [role, id] of Object.entries(ids) as [keyof Tokens, string][]) tokens[role] = await sessionToken(t, id);
  return tokens;
}

/** The school's "Private Lesson" type (scheduling makes the defaults on first use). */
export async function privateLessonTypeOf(t: TestApp, adminId: string): Promise<string> {
  return t.db.transaction({ kind: 'school', adminId }, async (tx) => {
    await loadSchoolSchedule(tx, adminId);
    const [row] = await tx.select({ id: lessonTypes.id }).from(lessonTypes).where(and(eq(lessonTypes.adminId, adminId), eq(lessonTypes.kind, 'private')));
    return row!.id;
  });
}
