import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { pushSubscriptions, sessions } from '../../db/schema/index.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { startLocalPushService, type LocalPushService } from '../../test/local-push-service.js';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { pushToUsers } from './index.js';
import { PUSH_TIMEOUT_MS } from './send-push.js';
import { testHostLookup } from '../../test/test-hosts.js';
import { WEB_PUSH_MESSAGES } from '../../../shared/contracts/web-push.js';
import { patient } from '../../../tests/patience.js';

/**
 * Delivery (issue 14's push test): the app's pushes reach a local push service that speaks the Web
 * Push protocol and decrypts them as the browser would; dropped subscriptions are removed.
 */
let t: TestApp;
let push: LocalPushService;
let a: TestSchool;
let b: TestSchool;
const logLines: string[] = [];

beforeAll(async () => {
  push = await startLocalPushService();
  t = await createTestApp({ PUSH_ALLOW_INSECURE_ENDPOINTS: '1' }, { logLines });
  a = await createSchool(t.db);
  b = await createSchool(t.db);
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const register = async (userId: string, json: unknown) => {
  const res = await t.call('POST', '/api/notification/addFcmToken', { token: await sessionToken(t, userId), body: { userId, fcmToken: json } });
  expect(res.status).toBe(200);
};
const stored = async (endpoint: string) => (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))).length;
const message = { title: 'Lesson moved', body: 'Piano with Ms Lee is now Tuesday at 16:00', link: '/calendar' };

describe('pushToUsers', () => {
  it('delivers an encrypted, VAPID-signed push that the browser decrypts to the title, body and link', async () => {
    const laptop = push.subscribe();
    const phone = push.subscribe();
    await register(a.student.id, laptop.json);
    await register(a.student.id, phone.json);
    const publicKey = (await t.call('GET', '/api/notification/getVapidPublicKey', { token: await sessionToken(t, a.student.id) })).body.data.publicKey;

    const report = await pushToUsers(t.services, [a.student.id], message);

    expect(report).toEqual({ sent: 2, removed: 0, failed: 0 });
    expect(push.refused).toEqual([]);
    for (const device of [laptop, phone]) {
      expect(device.received).toHaveLength(1);
      const [got] = device.received;
      expect(got!.payload).toEqual(message);
      expect(got!.vapidKey).toBe(publicKey);
      expect(got!.ttl).toBeGreaterThan(0);
      expect(got!.jwt).toMatchObject({ aud: push.origin, sub: 'mailto:no-reply@cadenza.local' });
    }
  });

  it('reaches only the people named, across schools', async () => {
    const mine = push.subscribe();
    const theirs = push.subscribe();
    const bystander = push.subscribe();
    await register(a.teacher.id, mine.json);
    await register(b.teacher.id, theirs.json);
    await register(a.admin.id, bystander.json);
    expect(await pushToUsers(t.services, [a.teacher.id, b.teacher.id, a.teacher.id], message)).toEqual({ sent: 2, removed: 0, failed: 0 });
    expect([mine.received.length, theirs.received.length, bystander.received.length]).toEqual([1, 1, 0]);
  });

  it('removes a subscription the push service answers 410 or 404 to, keeps one that failed with 500, and logs no secret', async () => {
    const gone = push.subscribe(410);
    const unknown = push.subscribe(404);
    const broken = push.subscribe(500);
    const fine = push.subscribe();
    for (const s of [gone, unknown, broken, fine]) await register(a.subadmin.id, s.json);

    expect(await pushToUsers(t.services, [a.subadmin.id], message)).toEqual({ sent: 1, removed: 2, failed: 1 });

    expect(await stored(gone.json.endpoint)).toBe(0);
    expect(await stored(unknown.json.endpoint)).toBe(0);
    expect(await stored(broken.json.endpoint)).toBe(1);
    expect(await stored(fine.json.endpoint)).toBe(1);
    const failure = logLines.filter((l) => l.includes('web push failed'));
    expect(failure).toHaveLength(1);
    expect(failure[0]).toContain('status 500');
    const log = logLines.join('\n');
    for (const secret of [broken.json.endpoint, broken.json.keys.auth, broken.json.keys.p256dh]) expect(log).not.toContain(secret);
  });

  it('gives up on a push service that does not answer (the send times out, it is not left waiting)', async () => {
    const hanging = push.subscribe(0);
    await register(b.subadmin.id, hanging.json);
    expect(await pushToUsers(t.services, [b.subadmin.id], message)).toEqual({ sent: 0, removed: 0, failed: 1 });
    expect(logLines.some((l) => l.includes('web push failed') && l.includes('timeout'))).toBe(true);
  }, patient(PUSH_TIMEOUT_MS * 3));

  it('gives up on an unreachable push service and on an address the settings no longer allow', async () => {
    const closed = push.subscribe();
    await register(a.otherStudent.id, { ...closed.json, endpoint: 'http://127.0.0.1:9/push/nobody' });
    expect(await pushToUsers(t.services, [a.otherStudent.id], message)).toEqual({ sent: 0, removed: 0, failed: 1 });

    const strict = await createTestApp({}, { db: t.db });
    try {
      const local = push.subscribe();
      await register(a.otherStudent.id, local.json);
      // Without the test setting neither local address is posted to, and both are dropped as unusable.
      expect(await pushToUsers(strict.services, [a.otherStudent.id], message)).toEqual({ sent: 0, removed: 2, failed: 0 });
      expect(local.received).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('pushes to a name through the address its check resolved: one lookup a send, so a DNS rebind after the check is never asked (decision 068)', async () => {
    const named = await startLocalPushService({ hostName: 'push.rebind.example' });
    // The first answer is this machine (the test setting's one allowance); every later one a private address.
    let answers = 0;
    const lookup = testHostLookup({ 'push.rebind.example': () => (++answers === 1 ? ['127.0.0.1'] : ['10.0.0.7']) });
    try {
      const person = await createUser(t.db, 'teacher', b.adminId);
      const device = named.subscribe();
      await register(person.id, device.json);
      t.services.lookupHost = lookup;
      expect(await pushToUsers(t.services, [person.id], message)).toEqual({ sent: 1, removed: 0, failed: 0 });
      expect(device.received).toHaveLength(1);
      expect(lookup.lookups.get('push.rebind.example')).toBe(1);
      // The next send asks again and gets the private address: refused before any connection, and dropped.
      expect(await pushToUsers(t.services, [person.id], message)).toEqual({ sent: 0, removed: 1, failed: 0 });
      expect(device.received).toHaveLength(1);
      expect(await stored(device.json.endpoint)).toBe(0);
      expect(logLines.some((l) => l.includes('web push refused: push.rebind.example'))).toBe(true);
    } finally {
      t.services.lookupHost = testHostLookup();
      await named.close();
    }
  });

  it('never posts to a private, link-local or metadata address, whatever the name, even with the test setting', async () => {
    const named = await startLocalPushService({ hostName: 'push.inside.example' });
    const addresses = ['10.0.0.7', '172.16.5.4', '192.168.1.1', '169.254.169.254', 'fd00:ec2::254', 'fe80::1', '0.0.0.0', '::ffff:127.0.0.1'];
    const person = await createUser(t.db, 'teacher', a.adminId);
    try {
      for (const address of addresses) {
        t.services.lookupHost = testHostLookup({ 'push.inside.example': ['127.0.0.1'] });
        const device = named.subscribe();
        await register(person.id, device.json);
        t.services.lookupHost = testHostLookup({ 'push.inside.example': ['127.0.0.1', address] });
        expect(await pushToUsers(t.services, [person.id], message), address).toEqual({ sent: 0, removed: 1, failed: 0 });
        expect(device.received, address).toEqual([]);
      }
      // A literal private address is refused as well (the lookup is not asked for one).
      const literal = push.subscribe();
      await t.db.transaction({ kind: 'all' }, async (tx) => {
        const [session] = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, person.id)).limit(1);
        await tx.insert(pushSubscriptions).values({ adminId: a.adminId, userId: person.id, sessionId: session!.id, endpoint: 'http://169.254.169.254/latest/meta-data', p256dh: literal.json.keys.p256dh, auth: literal.json.keys.auth });
      });
      expect(await pushToUsers(t.services, [person.id], message)).toEqual({ sent: 0, removed: 1, failed: 0 });
    } finally {
      t.services.lookupHost = testHostLookup();
      await named.close();
    }
  });

  it('refuses loopback without the test setting: at registration (400) and at the send', async () => {
    const named = await startLocalPushService({ hostName: 'push.loopback.example.com' });
    const strict = await createTestApp({}, { db: t.db });
    try {
      strict.services.lookupHost = testHostLookup({ 'push.loopback.example.com': ['127.0.0.1'], 'push.v6loopback.example.com': ['::1'] });
      const token = await sessionToken(t, b.admin.id);
      for (const host of ['push.loopback.example.com', 'push.v6loopback.example.com']) {
        const res = await strict.call('POST', '/api/notification/addFcmToken', { token, body: { userId: b.admin.id, fcmToken: { ...push.subscribe().json, endpoint: `https://${host}/push/x` } } });
        expect(res.status, host).toBe(400);
        expect(res.body.errors?.['fcmToken.endpoint'], host).toBe(WEB_PUSH_MESSAGES.endpointNotPublic);
      }
      // A row that got in another way (an older release) is refused at the send, never posted to.
      const device = named.subscribe();
      await t.db.transaction({ kind: 'all' }, async (tx) => {
        const [session] = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, b.admin.id)).limit(1);
        await tx.insert(pushSubscriptions).values({ adminId: b.adminId, userId: b.admin.id, sessionId: session!.id, endpoint: 'https://push.loopback.example.com/push/x', p256dh: device.json.keys.p256dh, auth: device.json.keys.auth });
      });
      expect(await pushToUsers(strict.services, [b.admin.id], message)).toEqual({ sent: 0, removed: 1, failed: 0 });
      expect(device.received).toEqual([]);
    } finally {
      await strict.close();
      await named.close();
    }
  });

  it('stops at sign-out: the device goes with its session; an expired session’s device is skipped', async () => {
    const device = push.subscribe();
    const token = await sessionToken(t, b.teacher.id);
    expect((await t.call('POST', '/api/notification/addFcmToken', { token, body: { userId: b.teacher.id, fcmToken: device.json } })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/logout', { token })).status).toBe(200);
    expect(await stored(device.json.endpoint)).toBe(0);

    const stale = push.subscribe();
    const shortLived = await sessionToken(t, b.teacher.id);
    expect((await t.call('POST', '/api/notification/addFcmToken', { token: shortLived, body: { userId: b.teacher.id, fcmToken: stale.json } })).status).toBe(200);
    await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`update sessions set expires_at = now() - interval '1 minute' where user_id = ${b.teacher.id}`));
    expect(await pushToUsers(t.services, [b.teacher.id], message)).toEqual({ sent: 0, removed: 0, failed: 0 });
    expect(stale.received).toEqual([]);
  });

  it('keeps a link within the app and sends nothing to no one', async () => {
    const device = push.subscribe();
    await register(b.student.id, device.json);
    await pushToUsers(t.services, [b.student.id], { ...message, link: 'https://evil.example/phish' });
    await pushToUsers(t.services, [b.student.id], { ...message, link: '//evil.example' });
    expect(device.received.map((r) => (r.payload as { link: string }).link)).toEqual(['/', '/']);
    expect(await pushToUsers(t.services, [], message)).toEqual({ sent: 0, removed: 0, failed: 0 });
  });
});
