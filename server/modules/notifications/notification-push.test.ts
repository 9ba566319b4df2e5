import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, type TestSchool } from '../../test/factories.js';
import { startLocalPushService, type LocalPushService } from '../../test/local-push-service.js';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { notifyPeople } from './index.js';

/**
 * A notification also reaches the person's browsers as a web push once its change commits
 * (decisions 039, 040): delivered to a local push service that decrypts it as the browser would.
 */
let t: TestApp;
let push: LocalPushService;
let s: TestSchool;

beforeAll(async () => {
  push = await startLocalPushService();
  t = await createTestApp({ PUSH_ALLOW_INSECURE_ENDPOINTS: '1' });
  s = await createSchool(t.db);
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const register = async (userId: string) => {
  const device = push.subscribe();
  const res = await t.call('POST', '/api/notification/addFcmToken', { token: await sessionToken(t, userId), body: { userId, fcmToken: device.json } });
  expect(res.status).toBe(200);
  return device;
};
// A message: its category (messages) is pushed by default (decision 083).
const note = { kind: 'chat-message' as const, title: 'New message from Sofia Marin', body: 'See you Friday', link: '/chat' };

describe('a notification as a web push', () => {
  it('is pushed, decrypted to its title, body and link, to the people notified only, after the commit', async () => {
    const student = await register(s.student.id);
    const bystander = await register(s.teacher.id);
    await t.db.transaction({ kind: 'school', adminId: s.adminId }, (tx) => notifyPeople(tx, { adminId: s.adminId, userIds: [s.student.id], ...note }));
    await expect.poll(() => student.received.length).toBe(1);
    expect(student.received[0]!.payload).toEqual({ title: note.title, body: note.body, link: note.link });
    expect(bystander.received).toHaveLength(0);
  });

  it('is not pushed when the change rolls back', async () => {
    const subadmin = await register(s.subadmin.id);
    await expect(t.db.transaction({ kind: 'school', adminId: s.adminId }, async (tx) => {
      await notifyPeople(tx, { adminId: s.adminId, userIds: [s.subadmin.id], ...note });
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    // A push that was sent would have arrived by the time a later one does.
    await t.db.transaction({ kind: 'school', adminId: s.adminId }, (tx) => notifyPeople(tx, { adminId: s.adminId, userIds: [s.subadmin.id], ...note, title: 'Second' }));
    await expect.poll(() => subadmin.received.length).toBe(1);
    expect(subadmin.received[0]!.payload).toMatchObject({ title: 'Second' });
  });
});
