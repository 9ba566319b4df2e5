import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool, type TestUser } from '../../test/factories.js';
import { notifications, parentChildren, studentTeachers } from '../../db/schema/index.js';
import { CHAT_MESSAGES, type ChatMessage, type ChatUser, type UserWiseMsgCount } from '../../../shared/contracts/chat.js';
import { ask, chatClient, listen, next } from './chat-test-clients.js';

/**
 * Parents in chat (issue 28, decision 081): a parent with the office and their children's
 * teachers; a teacher, the office and no one else finding a parent by name; the link read at
 * each call, so unlinking a child takes that child's teacher away at once.
 */
let t: TestApp;
let url: string;
let a: TestSchool;
let b: TestSchool;
/** Grace Chen, a parent of `a.student` (taught by `a.teacher`) and of `cello` (taught by `celloTeacher`). */
let grace: TestUser;
let cello: TestUser;
let celloTeacher: TestUser;
/** A teacher of school A who teaches none of Grace's children. */
let stranger: TestUser;
/** Another school's parent of the same name, parent of b.student. */
let otherGrace: TestUser;
const tokens: Record<string, string> = {};
const open: Socket[] = [];

const graceFields = { first_name: 'Grace', last_name: 'Chen', email: 'grace.chen@example.test', cellPhone: '' };

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  grace = await createUser(t.db, 'parent', a.adminId, { firstName: 'Grace', lastName: 'Chen' });
  cello = await createUser(t.db, 'student', a.adminId);
  celloTeacher = await createUser(t.db, 'teacher', a.adminId);
  stranger = await createUser(t.db, 'teacher', a.adminId);
  otherGrace = await createUser(t.db, 'parent', b.adminId, { firstName: 'Grace', lastName: 'Chen' });
  await t.db.transaction({ kind: 'all' }, async (tx) => {
    await tx.insert(studentTeachers).values({ adminId: a.adminId, studentId: cello.id, teacherId: celloTeacher.id });
    await tx.insert(parentChildren).values({ adminId: b.adminId, parentId: otherGrace.id, studentId: b.student.id });
  });
  for (const role of ['admin', 'subadmin', 'teacher', 'student', 'parent'] as const) tokens[role] = await sessionToken(t, a[role].id);
  for (const [name, user] of Object.entries({ grace, celloTeacher, stranger, otherGrace, bAdmin: b.admin, bTeacher: b.teacher })) tokens[name] = await sessionToken(t, user.id);
  // Grace's children are linked as the office links them: through the parent's form.
  expect((await linkGrace([a.student.id, cello.id])).status).toBe(200);
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

const linkGrace = (childIds: string[]) =>
  t.call('POST', '/api/member/parents/update', { token: tokens.admin, body: { ...graceFields, id: grace.id, childIds } });
const send = (token: string, userId: string, message = 'Hello') => t.call('POST', '/api/chat/sendMessage', { token, body: { userId, message } });
const history = (token: string, userId: string) => t.call('POST', '/api/chat/getMessages', { token, body: { userId } });
async function client(token: string) {
  const socket = await chatClient(url, token);
  open.push(socket);
  return socket;
}
/** The ids of the people `token`'s owner may chat with, found by `search` when given. */
async function contactsOf(token: string, search?: string): Promise<Set<string>> {
  const socket = await client(token);
  const list = await ask<{ results: ChatUser[] }>(socket, 'getUserList', search === undefined ? {} : { search });
  socket.close();
  expect(list.status).toBe(200);
  return new Set(list.data.results.map((u) => u._id));
}

describe('parents in chat', () => {
  it('lists exactly a parent’s children’s teachers and the school’s office', async () => {
    expect(await contactsOf(tokens.grace!)).toEqual(new Set([a.admin.id, a.subadmin.id, a.teacher.id, celloTeacher.id]));
    expect(await contactsOf(tokens.grace!, 'Tester')).toEqual(new Set([a.admin.id, a.subadmin.id, a.teacher.id, celloTeacher.id]));
  });

  it('lets a teacher find “Grace” only when she is a parent of one of their students, and the office always; never another school’s', async () => {
    for (const who of ['teacher', 'celloTeacher', 'admin', 'subadmin'] as const) {
      expect(await contactsOf(tokens[who]!, 'Grace'), who).toEqual(new Set([grace.id]));
    }
    expect(await contactsOf(tokens.stranger!, 'Grace')).toEqual(new Set());
    expect(await contactsOf(tokens.student!, 'Grace')).toEqual(new Set());
    expect(await contactsOf(tokens.parent!, 'Grace')).toEqual(new Set());
    expect(await contactsOf(tokens.bAdmin!, 'Grace')).toEqual(new Set([otherGrace.id]));
    expect(await contactsOf(tokens.bTeacher!, 'Grace Chen')).toEqual(new Set([otherGrace.id]));
  });

  it('lets a parent and their child’s teacher write both ways, and refuses the others', async () => {
    const asked = await send(tokens.grace!, a.teacher.id, 'Is Lily’s lesson on Thursday?');
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect((await send(tokens.teacher!, grace.id, 'Yes, at four.')).status).toBe(200);
    expect((await send(tokens.grace!, celloTeacher.id)).status).toBe(200);
    expect((await send(tokens.grace!, a.subadmin.id)).status).toBe(200);
    expect((await send(tokens.admin!, grace.id)).status).toBe(200);
    const seen = await history(tokens.grace!, a.teacher.id);
    expect(seen.body.data.results.map((m: ChatMessage) => m.message)).toEqual(['Is Lily’s lesson on Thursday?', 'Yes, at four.']);
    for (const [token, to] of [[tokens.grace, stranger.id], [tokens.stranger, grace.id], [tokens.grace, a.student.id], [tokens.student, grace.id], [tokens.grace, a.parent.id]] as const) {
      const res = await send(token!, to);
      expect(res.status, to).toBe(403);
      expect(res.body.message).toBe(CHAT_MESSAGES.notAllowed);
    }
    for (const [token, to] of [[tokens.grace, b.teacher.id], [tokens.grace, b.admin.id], [tokens.grace, otherGrace.id], [tokens.bAdmin, grace.id], [tokens.bTeacher, grace.id]] as const) {
      const res = await send(token!, to);
      expect(res.status, to).toBe(404);
      expect(res.body.message).toBe(CHAT_MESSAGES.unknownPerson);
    }
  });

  it('tells the teacher live when she is online, and a parent by the bell and the chat badge', async () => {
    const teacher = await client(tokens.teacher!);
    const arriving = next<ChatMessage>(teacher, 'newMessage', (m) => m.sender_id === grace.id);
    const sent = await send(tokens.grace!, a.teacher.id, 'Running ten minutes late');
    expect((await arriving)._id).toBe(sent.body.data._id);
    teacher.close();

    // Grace offline: the teacher's answer waits under her bell, with a link to a page she has.
    await send(tokens.teacher!, grace.id, 'No problem');
    const notes = await t.db.transaction({ kind: 'all' }, (tx) =>
      tx.select().from(notifications).where(and(eq(notifications.userId, grace.id), eq(notifications.kind, 'chat-message'))));
    expect(notes.at(-1)).toMatchObject({ body: 'No problem', link: '/chat', adminId: a.adminId });
    const bell = await t.call('POST', '/api/notification/getUnReadNotificationCount', { token: tokens.grace, body: { userId: grace.id } });
    expect(bell.body.data.count).toBeGreaterThan(0);
    const parent = await client(tokens.grace!);
    const counts = await ask<UserWiseMsgCount>(parent, 'getUserWiseMsgCount', {});
    expect(counts.data.users).toContainEqual({ userId: a.teacher.id, count: 2 });
  });

  it('takes the teacher away once the parent is no longer linked to that teacher’s student, and gives them back when linked again', async () => {
    expect((await linkGrace([cello.id])).status).toBe(200);
    expect(await contactsOf(tokens.grace!)).toEqual(new Set([a.admin.id, a.subadmin.id, celloTeacher.id]));
    expect(await contactsOf(tokens.teacher!, 'Grace')).toEqual(new Set());
    expect((await send(tokens.grace!, a.teacher.id)).status).toBe(403);
    expect((await send(tokens.teacher!, grace.id)).status).toBe(403);
    expect((await history(tokens.grace!, a.teacher.id)).status).toBe(403);
    expect((await send(tokens.grace!, celloTeacher.id)).status).toBe(200);

    expect((await linkGrace([a.student.id, cello.id])).status).toBe(200);
    expect((await send(tokens.grace!, a.teacher.id)).status).toBe(200);
  });
});
