import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import securityHeaders, { helmetHeaderList } from './security-headers.js';
import { createTestApp, sessionToken, type TestApp } from '../test/test-app.js';
import { createSchool } from '../test/factories.js';
import { patient } from '../../tests/patience.js';

let t: TestApp;
let behindProxy: TestApp;
let web: FastifyInstance;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cadenza-headers-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Cadenza</title>');
  writeFileSync(join(root, 'assets', 'main-abc123.js'), 'console.log(1)');
  t = await createTestApp();
  behindProxy = await createTestApp({ TRUST_PROXY: '10.0.0.5' }, { db: t.db });
  web = await buildApp(t.services, { webRoot: root, pluginTimeout: patient(60_000) });
});
afterAll(async () => {
  await web.close();
  await behindProxy.close();
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('HSTS', () => {
  it('is not sent over plain HTTP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // A client cannot ask for it by claiming HTTPS itself.
    const claimed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    const res = await behindProxy.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await behindProxy.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Cache-Control', () => {
  it('is no-store on API answers: data, errors and unknown calls alike', async () => {
    const school = await createSchool(t.db);
    const token = await sessionToken(t, school.admin.id);
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } }),
      t.app.inject({ method: 'GET', url: '/api/auth/me' }),
      t.app.inject({ method: 'POST', url: '/api/auth/local/login', payload: {} }),
      t.app.inject({ method: 'GET', url: '/api/no-such-call' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 400, 404]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves the web app’s own caching alone', async () => {
    expect((await web.inject({ method: 'GET', url: '/assets/main-abc123.js' })).headers['cache-control']).toContain('immutable');
    expect((await web.inject({ method: 'GET', url: '/member/students' })).headers['cache-control']).toBe('no-cache');
  });
});

/** Helmet's headers as helmet's own middlewares set them on every answer before decision 065 made them one fixed list. */
const CSP = "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;"
  + "object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';worker-src 'self' blob:;"
  + "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com";
const HELMET = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const helmetOf = (headers: Record<string, unknown>) => Object.fromEntries(Object.keys(HELMET).map((name) => [name, headers[name]]));

describe('helmet’s headers', () => {
  it('are worked out once, in helmet’s order', () => {
    expect(helmetHeaderList().map(([name, value]) => [name.toLowerCase(), value])).toEqual(Object.entries(HELMET));
  });

  it('are on every answer: data, errors, unknown calls and the web app’s files', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/auth/me' }),
      t.app.inject({ method: 'POST', url: '/api/auth/local/login', payload: {} }),
      t.app.inject({ method: 'GET', url: '/api/no-such-call' }),
      web.inject({ method: 'GET', url: '/assets/main-abc123.js' }),
      web.inject({ method: 'GET', url: '/member/students' }),
      // Only a GET of a framed page is framed.
      web.inject({ method: 'POST', url: '/widget/x' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 400, 404, 200, 200, 404]);
    for (const res of answers) expect(helmetOf(res.headers)).toEqual(HELMET);
  });

  it('let any site frame the framed pages, and only them', async () => {
    const page = await web.inject({ method: 'GET', url: '/widget/x' });
    expect(helmetOf(page.headers)).toEqual({ ...HELMET, 'x-frame-options': undefined, 'content-security-policy': CSP.replace("frame-ancestors 'self'", 'frame-ancestors *') });
  });

  it('yield to a route’s own value, framed or not', async () => {
    const app = Fastify();
    await app.register(securityHeaders, { framed: ['/widget/'] });
    app.get('/own', (_request, reply) => reply.header('cross-origin-resource-policy', 'cross-origin').send('ok'));
    app.get('/widget/own', (_request, reply) => reply.header('content-security-policy', "frame-ancestors 'none';img-src 'self'").send('ok'));
    const own = await app.inject({ method: 'GET', url: '/own' });
    expect(helmetOf(own.headers)).toEqual({ ...HELMET, 'cross-origin-resource-policy': 'cross-origin' });
    const framed = await app.inject({ method: 'GET', url: '/widget/own' });
    expect(helmetOf(framed.headers)).toEqual({ ...HELMET, 'x-frame-options': undefined, 'content-security-policy': "frame-ancestors *;img-src 'self'" });
    await app.close();
  });

  it('never frame an API answer', async () => {
    await expect(Fastify().register(securityHeaders, { framed: ['/api/widget/'] }).ready()).rejects.toThrow('never framed');
  });
});
