import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { notifications, users } from '../../db/schema/index.js';
import { NOTIFICATION_EVENT, NOTIFICATION_MESSAGES as M, type NotificationEvent } from '../../../shared/contracts/notifications.js';
import { notifyPeople, type NotifyInput } from './index.js';
import { patient } from '../../../tests/patience.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
const tokens: Record<string, string> = {};
const tok = (name: string) => tokens[name]!;

const call = (path: string, token: string | undefined, body: object = {}) => t.call('POST', `/api/notification/${path}`, { token, body });
const notify = (s: TestSchool, input: Omit<NotifyInput, 'adminId'>) =>
  t.db.transaction({ kind: 'school', adminId: s.adminId }, (tx) => notifyPeople(tx, { adminId: s.adminId, ...input }));
const titles = async (token: string, body: object = {}) => ((await call('getNotification', token, body)).body.data.results as { title: string }[]).map((r) => r.title);

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  for (const [name, s] of [['a', a], ['b', b]] as const) {
    for (const role of ['admin', 'subadmin', 'teacher', 'student', 'parent'] as const) tokens[`${name}.${role}`] = await sessionToken(t, s[role].id);
  }
  tokens['super'] = await sessionToken(t, (await createUser(t.db, 'superadmin', null)).id);
  // Seven for A's student, one a second apart so "newest first" is certain.
  for (let i = 1; i <= 7; i += 1) {
    await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(notifications).values({
      adminId: a.adminId, userId: a.student.id, kind: 'chat-message', title: `Note ${i}`, body: `Body ${i}`, link: '/learning/practice',
      createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, i)),
    }));
  }
  await notify(b, { userIds: [b.student.id], kind: 'chat-message', title: 'For school B' });
});
afterAll(() => t.close());

describe('POST /api/notification/getUnReadNotificationCount', () => {
  it('answers the caller\'s unread count', async () => {
    const res = await call('getUnReadNotificationCount', tokens['a.student'], { userId: a.student.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ count: 7 });
    expect((await call('getUnReadNotificationCount', tokens['a.parent'], { userId: a.parent.id })).body.data).toEqual({ count: 0 });
  });

  it('refuses a missing session (401), bad input (400), and anyone else\'s userId as not found (404)', async () => {
    expect((await call('getUnReadNotificationCount', undefined, { userId: a.student.id })).status).toBe(401);
    const bad = await call('getUnReadNotificationCount', tokens['a.student'], { userId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('userId');
    expect((await call('getUnReadNotificationCount', tokens['a.student'], {})).status).toBe(400);
    // A child's, a student's of the same school, another school's: never told apart.
    for (const [token, userId] of [['a.parent', a.student.id], ['a.admin', a.student.id], ['a.student', b.student.id], ['b.admin', a.student.id]] as const) {
      const res = await call('getUnReadNotificationCount', tokens[token], { userId });
      expect(res.status, `${token} asking for ${userId}`).toBe(404);
      expect(res.body.message).toBe(M.notFound);
    }
  });
});

describe('POST /api/notification/getNotification', () => {
  it('pages the caller\'s own by 5, newest first, with the unread count', async () => {
    const res = await call('getNotification', tokens['a.student']);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ page: 1, limit: 5, totalCount: 7, unreadCount: 7 });
    expect(res.body.data.results.map((r: { title: string }) => r.title)).toEqual(['Note 7', 'Note 6', 'Note 5', 'Note 4', 'Note 3']);
    expect(res.body.data.results[0]).toMatchObject({ kind: 'chat-message', body: 'Body 7', link: '/learning/practice', isRead: false, readAt: null });
    expect(await titles(tok('a.student'), { page: 2 })).toEqual(['Note 2', 'Note 1']);
    expect((await call('getNotification', tokens['a.student'], { page: 9 })).body.data).toMatchObject({ results: [], totalCount: 7 });
    expect(await titles(tok('b.student'))).toEqual(['For school B']);
    expect(await titles(tok('a.parent'))).toEqual([]);
  });

  it('refuses a missing session (401) and bad paging (400)', async () => {
    expect((await call('getNotification', undefined)).status).toBe(401);
    expect((await call('getNotification', tokens['a.student'], { page: 0 })).body.errors).toHaveProperty('page');
    expect((await call('getNotification', tokens['a.student'], { limit: 1000 })).body.errors).toHaveProperty('limit');
  });
});

describe('readNotification and readAllNotification', () => {
  it('marks one of the caller\'s read; another person\'s or school\'s is not found and stays unread', async () => {
    const [first] = (await call('getNotification', tokens['a.student'])).body.data.results as { _id: string }[];
    const [ofB] = (await call('getNotification', tokens['b.student'])).body.data.results as { _id: string }[];
    expect((await call('readNotification', undefined, { id: first!._id })).status).toBe(401);
    expect((await call('readNotification', tokens['a.student'], { id: 'x' })).status).toBe(400);
    expect((await call('readNotification', tokens['a.parent'], { id: first!._id })).status).toBe(404);
    expect((await call('readNotification', tokens['a.admin'], { id: first!._id })).status).toBe(404);
    expect((await call('readNotification', tokens['a.student'], { id: ofB!._id })).status).toBe(404);
    expect((await call('getUnReadNotificationCount', tokens['b.student'], { userId: b.student.id })).body.data.count).toBe(1);

    const read = await call('readNotification', tokens['a.student'], { id: first!._id });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ _id: first!._id, isRead: true });
    expect((await call('getUnReadNotificationCount', tokens['a.student'], { userId: a.student.id })).body.data.count).toBe(6);
    expect(await titles(tok('a.student'), { unreadOnly: true })).not.toContain('Note 7');
  });

  it('marks all of the caller\'s read, and no one else\'s', async () => {
    expect((await call('readAllNotification', undefined)).status).toBe(401);
    const res = await call('readAllNotification', tokens['a.student']);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: M.allRead, data: { count: 6 } });
    expect((await call('getUnReadNotificationCount', tokens['a.student'], { userId: a.student.id })).body.data.count).toBe(0);
    expect((await call('getUnReadNotificationCount', tokens['b.student'], { userId: b.student.id })).body.data.count).toBe(1);
  });
});

describe('notifyPeople', () => {
  it('makes one a person, leaves out those who turned notifications off, and nothing when the change rolls back', async () => {
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(users).set({ notificationsOn: false }).where(eq(users.id, a.parent.id)));
    const made = await notify(a, { userIds: [a.teacher.id, a.parent.id, a.teacher.id], kind: 'chat-message', title: 'Hello', body: 'x'.repeat(900) });
    expect(made).toEqual([a.teacher.id]);
    expect(await titles(tok('a.parent'))).toEqual([]);
    const [note] = (await call('getNotification', tokens['a.teacher'])).body.data.results as { title: string; body: string }[];
    expect(note!.title).toBe('Hello');
    expect(note!.body.length).toBe(500);
    // Another school's person is out of the transaction's sight: nothing is made for them.
    expect(await notify(a, { userIds: [b.teacher.id], kind: 'chat-message', title: 'Stray' })).toEqual([]);

    await expect(t.db.transaction({ kind: 'school', adminId: a.adminId }, async (tx) => {
      await notifyPeople(tx, { adminId: a.adminId, userIds: [a.subadmin.id], kind: 'chat-message', title: 'Rolled back' });
      throw new Error('the change failed');
    })).rejects.toThrow('the change failed');
    expect(await titles(tok('a.subadmin'))).toEqual([]);
  });

  it('tells the person\'s open sockets once the change has committed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const socket: Socket = connect(url, { auth: { token: tokens['a.subadmin'] }, transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      // The server joins the person's room just after connecting; the first answered event proves it did.
      await socket.timeout(patient(5000)).emitWithAck('getUserWiseMsgCount', {});
      const heard = new Promise<NotificationEvent>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no notification event in time')), patient(5000));
        socket.once(NOTIFICATION_EVENT, (event: NotificationEvent) => {
          clearTimeout(timer);
          resolve(event);
        });
      });
      await notify(a, { userIds: [a.subadmin.id], kind: 'chat-message', title: 'Live', link: '/dashboard' });
      expect((await heard).notification).toMatchObject({ title: 'Live', link: '/dashboard', isRead: false });
    } finally {
      socket.close();
    }
  });
});
