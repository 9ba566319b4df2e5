import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { buildApp } from '../../app.js';
import { readConfig } from '../../config.js';
import { emailMessages } from '../../db/schema/index.js';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../lib/http-errors.js';
import { openTestDatabase } from '../../test/test-database.js';
import { createSchool, type TestSchool } from '../../test/factories.js';
import { sessionToken } from '../../test/test-app.js';
import { createServices } from '../create-services.js';
import type { OutgoingEmail } from './mailer.js';
import { queueEmail } from './queue-email.js';
import { patient } from '../../../tests/patience.js';

/**
 * Decision 020: an email queued in a request's transaction is delivered once that transaction
 * commits, with no trigger by hand, and a request that fails after queuing sends nothing.
 */
let db: Database;
let app: FastifyInstance;
let services: ReturnType<typeof createServices>;
let school: TestSchool;
let token: string;
const delivered: OutgoingEmail[] = [];
const queueBody = z.object({ to: z.string(), fail: z.boolean() });

beforeAll(async () => {
  db = await openTestDatabase();
  services = createServices(readConfig({ APP_URL: 'http://cadenza.test', LOG_LEVEL: 'silent' }), db, { info: () => {}, error: () => {} }, {
    transport: 'outbox', deliver: async (e) => void delivered.push(e), close: async () => {},
  });
  app = await buildApp(services, { serveWeb: false, pluginTimeout: patient(60_000) });
  // A request that queues an email in its transaction, then fails when asked to.
  app.post('/test/queue-email', { onRequest: app.requireAuth(), config: { lapsedSchool: 'closed' }, schema: { body: queueBody } }, async (req) => {
    const body = queueBody.parse(req.body);
    await req.tx(async (tx) => {
      await queueEmail(tx, { to: body.to, subject: 'Hello', text: 't', html: '<p>t</p>', kind: 'test', adminId: school.adminId, userId: null });
      if (body.fail) throw badRequest('Changed my mind');
    });
    return { status: 200, message: 'ok', data: null };
  });
  await app.ready();
  school = await createSchool(db);
  token = await sessionToken({ db }, school.admin.id);
});
afterAll(async () => {
  await app.close();
  await services.close();
  await db.close();
});

const send = (to: string, fail: boolean) =>
  app.inject({ method: 'POST', url: '/test/queue-email', headers: { authorization: `Bearer ${token}` }, payload: { to, fail } });
const rowsTo = (to: string) => db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(eq(emailMessages.toAddress, to)));

describe('emails queued in a request', () => {
  it('are delivered once the request commits, with no trigger by hand', async () => {
    const res = await send('committed@after-commit.test', false);
    expect(res.statusCode).toBe(200);
    await services.jobs.idle();
    expect(delivered.map((e) => e.to)).toContain('committed@after-commit.test');
    expect(await rowsTo('committed@after-commit.test')).toMatchObject([{ status: 'sent' }]);
  });

  it('are neither stored nor sent when the request fails after queuing', async () => {
    const res = await send('rolled-back@after-commit.test', true);
    expect(res.statusCode).toBe(400);
    await services.jobs.idle();
    expect(delivered.map((e) => e.to)).not.toContain('rolled-back@after-commit.test');
    expect(await rowsTo('rolled-back@after-commit.test')).toEqual([]);
  });
});

describe('tx.afterCommit', () => {
  it('runs effects in order after COMMIT, never after a rollback, and reports one that throws without failing the work', async () => {
    const seen: string[] = [];
    // The database reports to the console unless told otherwise (openDatabase's onError).
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await db.transaction({ kind: 'all' }, async (tx) => {
        tx.afterCommit(() => seen.push('first'));
        tx.afterCommit(() => { throw new Error('effect broke'); });
        tx.afterCommit(() => seen.push('second'));
        expect(seen).toEqual([]);
      });
      expect(seen).toEqual(['first', 'second']);
      expect(reported).toHaveBeenCalledWith('An after-commit effect failed', 'effect broke');
      await expect(db.transaction({ kind: 'all' }, async (tx) => {
        tx.afterCommit(() => seen.push('rolled back'));
        throw new Error('no');
      })).rejects.toThrow('no');
      expect(seen).toEqual(['first', 'second']);
    } finally {
      reported.mockRestore();
    }
  });

  it('wakes a job once per transaction however many emails it queued, and only with a starter bound', async () => {
    const woken: string[] = [];
    const bound = db.withJobStarter((job) => woken.push(job));
    await bound.transaction({ kind: 'all' }, async (tx) => {
      for (const n of [1, 2, 3]) {
        await queueEmail(tx, { to: `many${n}@after-commit.test`, subject: 's', text: 't', html: 'h', kind: 'test', adminId: school.adminId, userId: null });
      }
      expect(woken).toEqual([]);
    });
    expect(woken).toEqual(['deliver-emails']);
  });
});
