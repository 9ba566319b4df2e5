import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import errorsPlugin from '../plugins/errors.js';
import { openTestDatabase } from '../test/test-database.js';
import { createSchool, type TestSchool } from '../test/factories.js';
import type { Database } from './client.js';
import { users } from './schema/index.js';

/** Decision 021: a failing query is logged with its code and query text, never a parameter's value. */
let db: Database;
let app: FastifyInstance;
let school: TestSchool;
const lines: string[] = [];
const SECRET = 'hunter2-secret-value';

beforeAll(async () => {
  db = await openTestDatabase();
  school = await createSchool(db);
  const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
  app = Fastify({ logger: { level: 'error', stream } });
  await app.register(errorsPlugin);
  app.get('/bad-cast', async () => db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select ${SECRET}::uuid`)));
  // A unique clash: the server's detail names the value (Key (username)=(…) already exists).
  app.get('/clash', async () => db.transaction({ kind: 'all' }, (tx) =>
    tx.insert(users).values({ adminId: school.adminId, role: 'student', username: school.student.username, email: `${SECRET}@example.test`, firstName: SECRET, lastName: 'X' })));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('a failing query in the log', () => {
  it.each([['/bad-cast', '22P02'], ['/clash', '23505']])('%s: code and query, no value', async (url, code) => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(SECRET);
    const logged = lines.join('\n');
    expect(logged).toContain('request failed');
    expect(logged).toContain(code);
    expect(logged).toMatch(/Failed query: (select|insert)/);
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toContain(school.student.username);
  });
});
