import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, or, sql } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createSchoolWithGroupStudent, createUser, type TestSchool, type TestUser } from '../../test/factories.js';
import { chatMessages } from '../../db/schema/index.js';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../../shared/contracts/chat.js';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let superadmin: TestUser;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  superadmin = await createUser(t.db, 'superadmin', null);
  for (const role of ['admin', 'subadmin', 'teacher', 'student', 'otherStudent', 'parent'] as const) tokens[role] = await sessionToken(t, a[role].id);
  tokens.bAdmin = await sessionToken(t, b.admin.id);
  tokens.superadmin = await sessionToken(t, superadmin.id);
});
afterAll(() => t.close());

const send = (token: string | undefined, userId: string, message: unknown = 'Hello there') => t.call('POST', '/api/chat/sendMessage', { token, body: { userId, message } });
const history = (token: string, body: object) => t.call('POST', '/api/chat/getMessages', { token, body });
const countAll = async () => {
  const { rows } = await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select count(*)::int as n from chat_messages`));
  return Number(rows[0]!.n);
};

describe('POST /api/chat/sendMessage and getMessages', () => {
  it('stores a message from the admin to a teacher, and both read it in the history', async () => {
    const sent = await send(tokens.admin, a.teacher.id, '  Could you take Thursday?\nThanks!  ');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ sender_id: a.admin.id, receiver_id: a.teacher.id, message: 'Could you take Thursday?\nThanks!', readAt: null });
    for (const [token, other] of [[tokens.admin!, a.teacher.id], [tokens.teacher!, a.admin.id]] as const) {
      const res = await history(token, { userId: other });
      expect(res.status).toBe(200);
      expect(res.body.data.results.map((m: { _id: string }) => m._id)).toContain(sent.body.data._id);
    }
    const [row] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(chatMessages).where(eq(chatMessages.id, sent.body.data._id)));
    expect(row!.adminId).toBe(a.adminId);
  });

  it('pages the history back from the oldest message shown', async () => {
    const pair = await createUser(t.db, 'teacher', a.adminId);
    const token = await sessionToken(t, pair.id);
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await send(token, a.subadmin.id, `Note ${i}`)).body.data._id);
    const first = await history(tokens.subadmin!, { userId: pair.id, limit: 2 });
    expect(first.body.data.results.map((m: { message: string }) => m.message)).toEqual(['Note 4', 'Note 5']);
    expect(first.body.data.hasMore).toBe(true);
    const second = await history(tokens.subadmin!, { userId: pair.id, limit: 2, beforeId: first.body.data.results[0]._id });
    expect(second.body.data.results.map((m: { message: string }) => m.message)).toEqual(['Note 2', 'Note 3']);
    const last = await history(tokens.subadmin!, { userId: pair.id, limit: 2, beforeId: second.body.data.results[0]._id });
    expect(last.body.data).toMatchObject({ hasMore: false, results: [{ message: 'Note 1' }] });
  });

  it('refuses bad input with the field’s message and stores nothing', async () => {
    const before = await countAll();
    for (const [message, error] of [['', CHAT_MESSAGES.messageRequired], ['   ', CHAT_MESSAGES.messageRequired], ['x'.repeat(CHAT_LIMITS.messageMax + 1), CHAT_MESSAGES.messageTooLong], [42, CHAT_MESSAGES.messageRequired]] as const) {
      const res = await send(tokens.admin, a.teacher.id, message);
      expect(res.status).toBe(400);
      expect(res.body.errors?.message).toBe(error);
    }
    const res = await send(tokens.admin, 'not-an-id');
    expect(res.status).toBe(400);
    expect(res.body.errors?.userId).toBe(CHAT_MESSAGES.personRequired);
    expect((await send(tokens.admin, a.teacher.id, 'bell\u0007')).status).toBe(400);
    expect((await history(tokens.admin!, { userId: a.teacher.id, limit: 0 })).status).toBe(400);
    expect(await countAll()).toBe(before);
  });

  it('answers 401 without a live session', async () => {
    for (const token of [undefined, 'garbage', await sessionToken(t, a.admin.id, { expiresAt: new Date(Date.now() - 1000) })]) {
      const res = await send(token, a.teacher.id);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(AUTH_MESSAGES.sessionExpired);
    }
  });

  it('follows the policy: a student writes to their teacher and the office, never to a stranger', async () => {
    expect((await send(tokens.student, a.teacher.id)).status).toBe(200);
    expect((await send(tokens.student, a.admin.id)).status).toBe(200);
    expect((await send(tokens.teacher, a.student.id)).status).toBe(200);
    const before = await countAll();
    for (const [from, to] of [['student', a.otherStudent.id], ['otherStudent', a.teacher.id], ['teacher', a.otherStudent.id], ['student', a.parent.id], ['parent', a.otherStudent.id], ['admin', a.admin.id]] as const) {
      const res = await send(tokens[from], to);
      expect(res.status, `${from} -> ${to}`).toBe(403);
      expect(res.body.message).toBe(CHAT_MESSAGES.notAllowed);
    }
    expect((await history(tokens.student!, { userId: a.otherStudent.id })).status).toBe(403);
    expect(await countAll()).toBe(before);
  });

  it('reads the relations module’s whole teacher-student definition both ways: a class/group’s student and its teacher talk, another teacher and they do not', async () => {
    const c = await createSchoolWithGroupStudent(t.db);
    const otherTeacher = await createUser(t.db, 'teacher', c.adminId);
    const [teacher, groupStudent, stranger] = await Promise.all([c.teacher.id, c.groupStudent.id, otherTeacher.id].map((id) => sessionToken(t, id)));
    expect((await send(teacher, c.groupStudent.id)).status).toBe(200);
    expect((await send(groupStudent, c.teacher.id)).status).toBe(200);
    const before = await countAll();
    for (const [token, to] of [[stranger, c.groupStudent.id], [groupStudent, otherTeacher.id], [stranger, c.student.id], [teacher, otherTeacher.id]] as const) {
      const res = await send(token, to);
      expect(res.status, to).toBe(403);
      expect(res.body.message).toBe(CHAT_MESSAGES.notAllowed);
    }
    expect(await countAll()).toBe(before);
  });

  it('answers 404 for another school’s people, as for nobody at all', async () => {
    const before = await countAll();
    for (const to of [b.admin.id, b.teacher.id, b.student.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await send(tokens.admin, to);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(CHAT_MESSAGES.unknownPerson);
      expect((await history(tokens.admin!, { userId: to })).status).toBe(404);
    }
    // The provider is out of sight of everyone but a school's admin.
    expect((await send(tokens.teacher, superadmin.id)).status).toBe(404);
    expect(await countAll()).toBe(before);
  });

  it('lets the superadmin and a school’s admin talk, in that school’s rows', async () => {
    const res = await send(tokens.superadmin, b.admin.id, 'Welcome aboard');
    expect(res.status).toBe(200);
    expect((await send(tokens.bAdmin, superadmin.id, 'Thanks!')).status).toBe(200);
    const seen = await history(tokens.bAdmin!, { userId: superadmin.id });
    expect(seen.body.data.results.map((m: { message: string }) => m.message)).toEqual(['Welcome aboard', 'Thanks!']);
    expect((await send(tokens.superadmin, b.teacher.id)).status).toBe(403);
    const rows = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(chatMessages).where(or(eq(chatMessages.senderId, superadmin.id), eq(chatMessages.receiverId, superadmin.id))));
    expect(new Set(rows.map((r) => r.adminId))).toEqual(new Set([b.adminId]));
  });

  it('limits how fast one person sends', async () => {
    const fast = await createUser(t.db, 'subadmin', a.adminId);
    const token = await sessionToken(t, fast.id);
    const answers: number[] = [];
    for (let i = 0; i < 32; i++) answers.push((await send(token, a.teacher.id, `m${i}`)).status);
    expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });
});
