import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createTestApp, sessionToken, type TestApp } from '../test/test-app.js';
import { createSchool } from '../test/factories.js';

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
  web = await buildApp(t.services, { webRoot: root });
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
