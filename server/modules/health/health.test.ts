import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { closedPort } from '../../test/closed-port.js';

const REDIS_URL = process.env.TEST_REDIS_URL;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports the database ok and Redis not configured', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 200, message: 'OK', data: { database: 'ok', databaseEngine: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', redis: 'not configured' },
    });
  });

  it('answers 503 when the database does not answer', async () => {
    const ping = t.services.db.ping;
    t.services.db.ping = () => Promise.reject(new Error('connection refused'));
    try {
      const res = await t.call('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 503, message: 'Unavailable', data: { database: 'down' } });
    } finally {
      t.services.db.ping = ping;
    }
  });

  it('answers 503 with redis "down" when Redis is configured but does not answer', async () => {
    const down = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` }, { db: t.db });
    try {
      const res = await down.call('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body.data).toMatchObject({ database: 'ok', redis: 'down' });
    } finally {
      await down.close();
    }
  });

  it.skipIf(!REDIS_URL)('reports Redis ok when REDIS_URL is set (TEST_REDIS_URL)', async () => {
    const withRedis = await createTestApp({ REDIS_URL }, { db: t.db });
    try {
      const res = await withRedis.call('GET', '/api/health');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ database: 'ok', redis: 'ok' });
    } finally {
      await withRedis.close();
    }
  });
});
