import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { createTestApp, type TestApp } from './test/test-app.js';
import { patient } from '../tests/patience.js';

let t: TestApp;
let app: FastifyInstance;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cadenza-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Cadenza</title>');
  const js = 'console.log("cadenza");'.repeat(100);
  writeFileSync(join(root, 'assets', 'main-abc123.js'), js);
  writeFileSync(join(root, 'assets', 'main-abc123.js.gz'), gzipSync(js));
  t = await createTestApp();
  app = await buildApp(t.services, { webRoot: root, pluginTimeout: patient(60_000) });
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers any app path with the page, never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/member/students?page=2' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Cadenza</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers the site’s root with the page too (issue 26: it was 403, a folder without an index)', async () => {
    for (const url of ['/', '/?from=email']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<title>Cadenza</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends hashed assets precompressed and cached for good', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with 404, not with the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/main-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('answers an unknown API call with the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, data: null });
  });
});
