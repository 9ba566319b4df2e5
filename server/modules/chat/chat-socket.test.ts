import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { notifications, sessions } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { CHAT_MESSAGES, type ChatMessage, type ChatUser, type ReadEvent, type TypingEvent, type UserWiseMsgCount } from '../../../shared/contracts/chat.js';
import { ask, chatClient, disconnected, listen, next } from './chat-test-clients.js';

/** Real socket.io-client sockets against the app on a real port (the sweep runs every 100 ms here). */
let t: TestApp;
let url: string;
let a: TestSchool;
let b: TestSchool;
const tokens: Record<string, string> = {};
const open: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ CHAT_SESSION_CHECK_MS: '100' });
  url = await listen(t);
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  for (const role of ['admin', 'subadmin', 'teacher', 'student', 'otherStudent', 'parent'] as const) tokens[role] = await sessionToken(t, a[role].id);
  tokens.bAdmin = await sessionToken(t, b.admin.id);
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

async function client(token: string) {
  const socket = await chatClient(url, token);
  open.push(socket);
  return socket;
}
const refusalOf = (token?: string) => chatClient(url, token).then(() => null, (error: Error & { data?: { status: number } }) => error.data?.status);
const send = (token: string, userId: string, message: string) => t.call('POST', '/api/chat/sendMessage', { token, body: { userId, message } });

describe('chat sockets', () => {
  it('refuses a connection without a live session (401), and lets a parent in (decision 081)', async () => {
    expect(await refusalOf()).toBe(401);
    expect(await refusalOf('garbage')).toBe(401);
    expect(await refusalOf(await sessionToken(t, a.admin.id, { expiresAt: new Date(Date.now() - 1000) }))).toBe(401);
    const parent = await client(tokens.parent!);
    expect(parent.connected).toBe(true);
    parent.close();
  });

  it('lists a teacher’s contacts: the office, their own students and those students’ parents, online, with the last message and unread count', async () => {
    const admin = await client(tokens.admin!);
    const teacher = await client(tokens.teacher!);
    expect((await send(tokens.admin!, a.teacher.id, 'Room 2 today')).status).toBe(200);
    const list = await ask<{ results: ChatUser[] }>(teacher, 'getUserList', {});
    expect(list.status).toBe(200);
    const ids = list.data.results.map((u) => u._id);
    expect(new Set(ids)).toEqual(new Set([a.admin.id, a.subadmin.id, a.student.id, a.parent.id]));
    const office = list.data.results[0]!;
    expect(office).toMatchObject({ _id: a.admin.id, isOnline: true, unreadCount: 1, lastMessage: { message: 'Room 2 today', sender_id: a.admin.id } });
    expect(list.data.results.find((u) => u._id === a.subadmin.id)).toMatchObject({ isOnline: false, lastMessage: null, unreadCount: 0 });
    const search = await ask<{ results: ChatUser[] }>(admin, 'getUserList', { search: 'Student' });
    expect(new Set(search.data.results.map((u) => u._id))).toEqual(new Set([a.student.id, a.otherStudent.id]));
    admin.close();
    teacher.close();
  });

  it('pushes a message to both people, counts it unread, and sends the read receipt', async () => {
    const admin = await client(tokens.admin!);
    const subadmin = await client(tokens.subadmin!);
    const arriving = next<ChatMessage>(subadmin, 'newMessage');
    const echoed = next<ChatMessage>(admin, 'newMessage');
    const sent = await send(tokens.admin!, a.subadmin.id, 'Payroll is ready');
    expect((await arriving)._id).toBe(sent.body.data._id);
    expect((await echoed)._id).toBe(sent.body.data._id);
    const counts = await ask<UserWiseMsgCount>(subadmin, 'getUserWiseMsgCount', {});
    expect(counts.data).toEqual({ total: 1, users: [{ userId: a.admin.id, count: 1 }] });
    const receipt = next<ReadEvent>(admin, 'readMessage');
    const read = await ask<{ count: number }>(subadmin, 'readMessage', { userId: a.admin.id });
    expect(read).toMatchObject({ status: 200, data: { count: 1 } });
    expect(await receipt).toMatchObject({ userId: a.subadmin.id, withUserId: a.admin.id });
    expect((await ask<UserWiseMsgCount>(subadmin, 'getUserWiseMsgCount', {})).data.total).toBe(0);
    const history = await t.call('POST', '/api/chat/getMessages', { token: tokens.admin, body: { userId: a.subadmin.id } });
    expect(history.body.data.results.at(-1).readAt).not.toBeNull();
    admin.close();
    subadmin.close();
  });

  it('makes a notification for someone offline only, and none for one who turned notifications off', async () => {
    const notesOf = (userId: string) => t.db.transaction({ kind: 'all' }, (tx) =>
      tx.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'chat-message'))));
    const student = await client(tokens.student!);
    const arriving = next<ChatMessage>(student, 'newMessage');
    await send(tokens.admin!, a.student.id, 'See you Monday');
    await arriving;
    expect(await notesOf(a.student.id)).toEqual([]);
    student.close();

    await send(tokens.admin!, a.otherStudent.id, 'Bring the Czerny book');
    expect(await notesOf(a.otherStudent.id)).toMatchObject([{ title: expect.stringMatching(/^New message from /), body: 'Bring the Czerny book', link: '/chat', adminId: a.adminId }]);

    const quiet = await createUser(t.db, 'teacher', a.adminId, { notificationsOn: false });
    await send(tokens.admin!, quiet.id, 'Staff meeting at five');
    expect(await notesOf(quiet.id)).toEqual([]);
  });

  it('relays typing to the other person only, and answers bad input and strangers', async () => {
    const student = await client(tokens.student!);
    const teacher = await client(tokens.teacher!);
    const typing = next<TypingEvent>(teacher, 'typing');
    expect((await ask(student, 'typing', { userId: a.teacher.id, isTyping: true })).status).toBe(200);
    expect(await typing).toEqual({ userId: a.student.id, isTyping: true });
    const bad = await ask(student, 'typing', { userId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.errors?.userId).toBeDefined();
    expect((await ask(student, 'readMessage', {})).status).toBe(400);
    const stranger = await ask(student, 'typing', { userId: a.otherStudent.id, isTyping: true });
    expect(stranger).toMatchObject({ status: 403, message: CHAT_MESSAGES.notAllowed });
    expect((await ask(student, 'typing', { userId: b.teacher.id, isTyping: true })).status).toBe(404);
    expect((await ask(student, 'readMessage', { userId: b.admin.id })).status).toBe(404);
    const screen = await ask<UserWiseMsgCount>(student, 'screenManager', { screen: 'chat', userId: a.teacher.id });
    expect(screen.status).toBe(200);
    expect((await ask(student, 'screenManager', { screen: 'elsewhere' })).status).toBe(400);
    student.close();
    teacher.close();
  });

  it('tells contacts when a person comes online and when their last socket goes', async () => {
    const admin = await client(tokens.admin!);
    const online = next<{ userId: string }>(admin, 'userConnected', (e) => e.userId === a.otherStudent.id);
    const student = await client(tokens.otherStudent!);
    expect(await online).toEqual({ userId: a.otherStudent.id });
    const offline = next<{ userId: string }>(admin, 'onDisconnected', (e) => e.userId === a.otherStudent.id);
    student.close();
    expect(await offline).toEqual({ userId: a.otherStudent.id });
    admin.close();
  });

  it('drops the socket of a session that logs out, and answers its events 401', async () => {
    const teacher = await createUser(t.db, 'teacher', a.adminId);
    const token = await sessionToken(t, teacher.id);
    const socket = await client(token);
    expect((await ask(socket, 'getUserWiseMsgCount', {})).status).toBe(200);
    const gone = disconnected(socket);
    expect((await t.call('GET', '/api/auth/logout', { token })).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });

  it('drops the socket of a session that expires, on its next event if not before', async () => {
    const token = await sessionToken(t, a.subadmin.id);
    const socket = await client(token);
    const gone = disconnected(socket);
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(token))));
    const answer = await ask(socket, 'getUserList', {}).catch(() => ({ status: 401 }));
    expect(answer.status).toBe(401);
    expect(await gone).toBe('io server disconnect');
  });

  it('sweeps the sessions together and drops only the sockets of the one that ended', async () => {
    const people = await Promise.all([1, 2, 3].map(() => createUser(t.db, 'teacher', a.adminId)));
    const [first, ended, last] = await Promise.all(people.map((p) => sessionToken(t, p.id)));
    // The ended session has two sockets (two tabs); the sweep meets them between the others.
    const sockets = await Promise.all([first!, ended!, ended!, last!].map((token) => client(token)));
    const gone = [disconnected(sockets[1]!), disconnected(sockets[2]!)];
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(ended!))));
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    for (const socket of [sockets[0]!, sockets[3]!]) {
      expect(socket.connected).toBe(true);
      expect((await ask(socket, 'getUserWiseMsgCount', {})).status).toBe(200);
    }
  });

  it('keeps another school’s people out of the list', async () => {
    const socket = await client(tokens.bAdmin!);
    const list = await ask<{ results: ChatUser[] }>(socket, 'getUserList', {});
    const { rows } = await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select id from users where admin_id = ${a.adminId}`));
    const ofA = new Set(rows.map((r) => String(r.id)));
    expect(list.data.results.length).toBeGreaterThan(0);
    expect(list.data.results.some((u) => ofA.has(u._id))).toBe(false);
    socket.close();
  });
});
