import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pushSubscriptions, vapidKeys } from '../../db/schema/index.js';
import { createSchool, createUser, type TestSchool, type TestUser } from '../../test/factories.js';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { WEB_PUSH_MESSAGES as M } from '../../../shared/contracts/web-push.js';
import { DEVICES_PER_PERSON } from './service.js';
import { testHostLookup } from '../../test/test-hosts.js';

/** Web push registration (issue 14): addFcmToken, removeFcmToken, getVapidPublicKey. */
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let provider: TestUser;
let tok: Record<'student' | 'other' | 'studentB' | 'teacher' | 'parent' | 'admin' | 'provider' | 'loginAs', string>;

const P256DH = `B${'x'.repeat(86)}`;
const AUTH = 'a'.repeat(22);
let n = 0;
const endpoint = () => `https://fcm.googleapis.com/fcm/send/device-${++n}`;
const token = (over: Record<string, unknown> = {}) => ({ endpoint: endpoint(), expirationTime: null, keys: { p256dh: P256DH, auth: AUTH }, ...over });
const rowsOf = (endpointUrl: string) => t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpointUrl)));
const allRows = () => t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(pushSubscriptions));

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  provider = await createUser(t.db, 'superadmin', null);
  tok = {
    student: await sessionToken(t, a.student.id), other: await sessionToken(t, a.otherStudent.id), studentB: await sessionToken(t, b.student.id),
    teacher: await sessionToken(t, a.teacher.id), parent: await sessionToken(t, a.parent.id), admin: await sessionToken(t, a.admin.id),
    provider: await sessionToken(t, provider.id), loginAs: await sessionToken(t, a.student.id, { actorUserId: a.admin.id }),
  };
});
afterAll(() => t.close());

const add = (tk: string | undefined, userId: string, fcmToken: unknown) => t.call('POST', '/api/notification/addFcmToken', { token: tk, body: { userId, fcmToken } });

describe('addFcmToken', () => {
  it('stores the browser’s subscription for the caller, and again updates the same row', async () => {
    const sub = token();
    const res = await add(tok.student, a.student.id, sub);
    expect(res.body).toMatchObject({ status: 200, message: M.registered });
    expect(await rowsOf(sub.endpoint)).toMatchObject([{ userId: a.student.id, adminId: a.adminId, p256dh: P256DH, auth: AUTH }]);
    const rekeyed = { ...sub, keys: { p256dh: P256DH.replace('x', 'y'), auth: 'b'.repeat(22) } };
    expect((await add(tok.student, a.student.id, rekeyed)).status).toBe(200);
    expect(await rowsOf(sub.endpoint)).toMatchObject([{ userId: a.student.id, auth: 'b'.repeat(22) }]);
  });

  it('moves a browser to whoever registers it next, within a school and from another school', async () => {
    const sub = token();
    await add(tok.student, a.student.id, sub);
    await add(tok.other, a.otherStudent.id, sub);
    expect(await rowsOf(sub.endpoint)).toMatchObject([{ userId: a.otherStudent.id }]);
    await add(tok.studentB, b.student.id, sub);
    expect(await rowsOf(sub.endpoint)).toMatchObject([{ userId: b.student.id, adminId: b.adminId }]);
  });

  it('keeps a person’s newest browsers only', async () => {
    const subs = Array.from({ length: DEVICES_PER_PERSON + 2 }, () => token());
    for (const sub of subs) expect((await add(tok.other, a.otherStudent.id, sub)).status).toBe(200);
    const mine = (await allRows()).filter((r) => r.userId === a.otherStudent.id).map((r) => r.endpoint);
    expect(mine.sort()).toEqual(subs.slice(2).map((s) => s.endpoint).sort());
  });

  it('serves every realtime role, the provider too (no school)', async () => {
    for (const [tk, user] of [[tok.teacher, a.teacher], [tok.admin, a.admin], [tok.provider, provider]] as const) {
      const sub = token();
      expect((await add(tk, user.id, sub)).status).toBe(200);
      expect(await rowsOf(sub.endpoint)).toMatchObject([{ userId: user.id }]);
    }
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const before = (await allRows()).length;
    const cases: [unknown, string, string][] = [
      [token({ endpoint: 'http://fcm.googleapis.com/fcm/send/x' }), 'fcmToken.endpoint', M.endpointInvalid],
      [token({ endpoint: 'https://127.0.0.1/push' }), 'fcmToken.endpoint', M.endpointInvalid],
      [token({ endpoint: 'https://[::1]/push' }), 'fcmToken.endpoint', M.endpointInvalid],
      [token({ endpoint: 'https://localhost/push' }), 'fcmToken.endpoint', M.endpointInvalid],
      [token({ endpoint: 'https://metadata/computeMetadata' }), 'fcmToken.endpoint', M.endpointInvalid],
      [token({ endpoint: 'https://localhost./push' }), 'fcmToken.endpoint', M.endpointInvalid],
      [token({ endpoint: 'https://push.localhost./push' }), 'fcmToken.endpoint', M.endpointInvalid],
      [token({ endpoint: 'https://kubernetes.default.svc/api' }), 'fcmToken.endpoint', M.endpointInvalid],
      [token({ endpoint: 'https://kubernetes.default.svc.cluster.local./api' }), 'fcmToken.endpoint', M.endpointInvalid],
      [token({ endpoint: 'https://metadata.google.internal/computeMetadata' }), 'fcmToken.endpoint', M.endpointInvalid],
      [token({ endpoint: 'https://printer.local/push' }), 'fcmToken.endpoint', M.endpointInvalid],
      [token({ endpoint: 'https://router.home.arpa/push' }), 'fcmToken.endpoint', M.endpointInvalid],
      [token({ endpoint: 'https://push.example.com:8443/x' }), 'fcmToken.endpoint', M.endpointInvalid],
      [token({ endpoint: 'https://user:pw@push.example.com/x' }), 'fcmToken.endpoint', M.endpointInvalid],
      [token({ endpoint: `https://push.example.com/${'x'.repeat(1000)}` }), 'fcmToken.endpoint', M.endpointMax],
      [token({ keys: { p256dh: 'not base64!', auth: AUTH } }), 'fcmToken.keys.p256dh', M.keyInvalid],
      [token({ keys: { p256dh: P256DH, auth: 'x'.repeat(61) } }), 'fcmToken.keys.auth', M.keyInvalid],
      ['a string, not a subscription', 'fcmToken', ''],
    ];
    for (const [fcmToken, field, message] of cases) {
      const res = await add(tok.student, a.student.id, fcmToken);
      expect(res.status, JSON.stringify(fcmToken).slice(0, 80)).toBe(400);
      expect(res.body.errors?.[field], field).toBeDefined();
      if (message) expect(res.body.errors?.[field]).toBe(message);
    }
    expect((await t.call('POST', '/api/notification/addFcmToken', { token: tok.student, body: { userId: 'nope', fcmToken: token() } })).body.errors?.userId).toBe(M.userInvalid);
    expect((await allRows()).length).toBe(before);
  });

  it('refuses a name that resolves to a loopback, private, link-local, metadata or unspecified address, or to none (decision 068)', async () => {
    const answers: Record<string, string[]> = {
      'push.loopback.example.com': ['127.0.0.1'], 'push.loopback6.example.com': ['::1'], 'push.mapped.example.com': ['::ffff:127.0.0.1'],
      'push.ten.example.com': ['10.1.2.3'], 'push.rfc1918.example.com': ['172.31.0.9'], 'push.home.example.com': ['192.168.0.10'],
      'push.ula.example.com': ['fd12:3456::1'], 'push.metadata.example.com': ['169.254.169.254'], 'push.ec2v6.example.com': ['fd00:ec2::254'],
      'push.linklocal6.example.com': ['fe80::1'], 'push.zero.example.com': ['0.0.0.0'], 'push.cgnat.example.com': ['100.64.0.1'],
      'push.doc.example.com': ['192.0.2.10'], 'push.mixed.example.com': ['93.184.215.14', '10.0.0.1'], 'push.nowhere.example.com': [],
    };
    const before = (await allRows()).length;
    t.services.lookupHost = testHostLookup(answers);
    try {
      for (const host of Object.keys(answers)) {
        const res = await add(tok.student, a.student.id, token({ endpoint: `https://${host}/push/x` }));
        expect(res.status, host).toBe(400);
        expect(res.body.errors?.['fcmToken.endpoint'], host).toBe(host === 'push.nowhere.example.com' ? M.endpointUnknown : M.endpointNotPublic);
      }
      t.services.lookupHost = async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      };
      expect((await add(tok.student, a.student.id, token())).body.errors?.['fcmToken.endpoint']).toBe(M.endpointUnknown);
      // A public answer, IPv4 or IPv6, is a push service.
      t.services.lookupHost = testHostLookup({ 'push.v6.example.com': ['2607:f8b0:4004:c07::5f'] });
      expect((await add(tok.student, a.student.id, token({ endpoint: 'https://push.v6.example.com/push/x' }))).status).toBe(200);
    } finally {
      t.services.lookupHost = testHostLookup();
    }
    expect((await allRows()).length).toBe(before + 1);
  });

  it('answers 401 signed out, 404 for another person’s id, 403 to a parent and in login-as', async () => {
    const before = (await allRows()).length;
    expect((await add(undefined, a.student.id, token())).status).toBe(401);
    for (const userId of [a.otherStudent.id, a.teacher.id, b.student.id, provider.id]) expect((await add(tok.student, userId, token())).status).toBe(404);
    expect((await add(tok.parent, a.parent.id, token())).status).toBe(403);
    const loginAs = await add(tok.loginAs, a.student.id, token());
    expect(loginAs.body).toMatchObject({ status: 403, message: M.loginAs });
    expect((await allRows()).length).toBe(before);
  });
});

describe('removeFcmToken', () => {
  const remove = (tk: string | undefined, userId: string, endpointUrl: string) => t.call('POST', '/api/notification/removeFcmToken', { token: tk, body: { userId, endpoint: endpointUrl } });

  it('removes the caller’s browser, and answers the same when it is already gone', async () => {
    const sub = token();
    await add(tok.teacher, a.teacher.id, sub);
    expect((await remove(tok.teacher, a.teacher.id, sub.endpoint)).body).toMatchObject({ status: 200, message: M.removed });
    expect(await rowsOf(sub.endpoint)).toEqual([]);
    expect((await remove(tok.teacher, a.teacher.id, sub.endpoint)).status).toBe(200);
  });

  it('never removes another person’s browser: 404 for their id, nothing for their address', async () => {
    const sub = token();
    await add(tok.student, a.student.id, sub);
    expect((await remove(tok.other, a.student.id, sub.endpoint)).status).toBe(404);
    expect((await remove(tok.studentB, a.student.id, sub.endpoint)).status).toBe(404);
    expect((await remove(tok.other, a.otherStudent.id, sub.endpoint)).status).toBe(200);
    expect(await rowsOf(sub.endpoint)).toHaveLength(1);
    expect((await remove(undefined, a.student.id, sub.endpoint)).status).toBe(401);
    expect((await remove(tok.parent, a.parent.id, sub.endpoint)).status).toBe(403);
    expect((await t.call('POST', '/api/notification/removeFcmToken', { token: tok.student, body: { userId: a.student.id, endpoint: 'x'.repeat(1001) } })).status).toBe(400);
  });
});

describe('getVapidPublicKey', () => {
  it('gives the browser the app’s public key by GET and POST; the private key is sealed at rest', async () => {
    const got = await t.call('GET', '/api/notification/getVapidPublicKey', { token: tok.student });
    const posted = await t.call('POST', '/api/notification/getVapidPublicKey', { token: tok.admin, body: {} });
    expect(got.body.data.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(posted.body.data.publicKey).toBe(got.body.data.publicKey);
    const [row] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(vapidKeys));
    expect(row!.publicKey).toBe(got.body.data.publicKey);
    expect(row!.privateKeySealed).toMatch(/^v1:/);
    expect((await t.call('GET', '/api/notification/getVapidPublicKey')).status).toBe(401);
    expect((await t.call('GET', '/api/notification/getVapidPublicKey', { token: tok.parent })).status).toBe(403);
  });

  it('is made once: a second app on the same database answers the same key', async () => {
    const second = await createTestApp({}, { db: t.db });
    try {
      const third = await createTestApp({}, { db: t.db });
      try {
        const keys = await Promise.all([second, third, t].map(async (app) => (await app.call('GET', '/api/notification/getVapidPublicKey', { token: tok.teacher })).body.data.publicKey));
        expect(new Set(keys).size).toBe(1);
        expect(await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(vapidKeys))).toHaveLength(1);
      } finally {
        await third.close();
      }
    } finally {
      await second.close();
    }
  });

  it('lets this origin’s service worker run (CSP worker-src)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(res.headers['content-security-policy'])).toContain("worker-src 'self'");
  });

  it('a school’s request never sees the app’s key row (row-level security)', async () => {
    const rows = await t.db.transaction({ kind: 'school', adminId: a.adminId }, (tx) => tx.select().from(vapidKeys));
    expect(rows).toEqual([]);
  });

  it('takes the key pair from the settings when given', async () => {
    const pair = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'A'.repeat(43), VAPID_SUBJECT: 'mailto:ops@school.example' };
    const configured = await createTestApp(pair, { db: t.db });
    try {
      expect((await configured.call('GET', '/api/notification/getVapidPublicKey', { token: tok.teacher })).body.data.publicKey).toBe(pair.VAPID_PUBLIC_KEY);
    } finally {
      await configured.close();
    }
  });
});
