import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { createTestApp, type TestApp } from './test/test-app.js';
import { patient } from '../tests/patience.js';

let t: TestApp;
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  app = await buildApp(t.services, { serveWeb: false, pluginTimeout: patient(60_000), logger: { stream } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('the request log', () => {
  it('writes one line a request, when it completes: method, redacted path, status and time', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/scheduling/ical/s3cretFeedKey.ics', headers: { authorization: 'Bearer s3cretToken' } });
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => l.msg)).toEqual(['request completed', 'request completed']);
    expect(lines[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 }, responseTime: expect.any(Number) });
    expect(lines[1]).toMatchObject({ req: { method: 'GET', url: '/api/scheduling/ical/[redacted]' }, res: { statusCode: 404 } });
    expect(JSON.stringify(lines)).not.toMatch(/s3cret/);
  });
});
