import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { sessionToken } from '../../../test/test-app.js';
import { schedulingWorld } from '../test-kit.js';

let w: Awaited<ReturnType<typeof schedulingWorld>>;
beforeAll(async () => {
  w = await schedulingWorld();
});
afterAll(() => w.t.close());

const get = (token: string | undefined, userId?: string) => w.api.call('/getNotificationOnOff', token, userId ? { userId } : {});
const set = (token: string | undefined, notificationsOn: unknown, userId?: string) => w.api.call('/notificationOnOff', token, { notificationsOn, ...(userId ? { userId } : {}) });

describe('lesson reminders on and off (docs/domains/scheduling.md)', () => {
  it('answers and switches one’s own setting, on by default', async () => {
    expect((await get(w.tok.student)).body.data).toEqual({ userId: w.a.student.id, notificationsOn: true });
    const off = await set(w.tok.student, false);
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('Notification setting saved successfully');
    expect(off.body.data).toEqual({ userId: w.a.student.id, notificationsOn: false });
    expect((await get(w.tok.student)).body.data.notificationsOn).toBe(false);
    await set(w.tok.student, true);
  });

  it('lets a parent switch their child’s, and staff anyone of the school', async () => {
    expect((await set(w.tok.parent, false, w.a.student.id)).body.data).toEqual({ userId: w.a.student.id, notificationsOn: false });
    expect((await get(w.tok.admin, w.a.student.id)).body.data.notificationsOn).toBe(false);
    expect((await set(w.tok.subadmin, true, w.a.student.id)).status).toBe(200);
    expect((await get(w.tok.parent, w.a.student.id)).body.data.notificationsOn).toBe(true);
    expect((await set(w.tok.admin, false, w.a.teacher.id)).status).toBe(200);
    expect((await get(w.tok.teacher)).body.data.notificationsOn).toBe(false);
  });

  it('refuses others of the school (403) and hides another school’s people (404)', async () => {
    expect((await set(w.tok.parent, false, w.a.otherStudent.id)).status).toBe(403);
    expect((await get(w.tok.teacher, w.a.student.id)).status).toBe(403);
    expect((await set(w.tok.student, false, w.a.otherStudent.id)).status).toBe(403);
    expect((await set(w.tok.admin, false, w.b.student.id)).status).toBe(404);
    expect((await get(w.tok.parent, w.b.student.id)).status).toBe(404);
    expect((await get(w.tokB.admin, w.a.student.id)).status).toBe(404);
  });

  it('acts as the person acted as in login-as', async () => {
    const superadmin = await createUser(w.t.db, 'superadmin', null);
    const asParent = await sessionToken(w.t, w.a.parent.id, { actorUserId: superadmin.id });
    expect((await get(asParent, w.a.student.id)).status).toBe(200);
  });

  it('answers 401 without a session and 400 with the message', async () => {
    expect((await get(undefined)).status).toBe(401);
    expect((await set(undefined, true)).status).toBe(401);
    const bad = await set(w.tok.student, 'maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.notificationsOn).toBe('Please choose on or off');
    expect((await get(w.tok.admin, 'not-a-uuid')).status).toBe(400);
  });
});
