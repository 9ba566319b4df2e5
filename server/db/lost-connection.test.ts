import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from './client.js';

const baseUrl = process.env.TEST_DATABASE_URL;

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * Issue 9, item 9: a database dropped WITH (FORCE) under an idle pooled connection ended the CI
 * run with an uncaught 57P01. The pool now reports it (and vitest fails on any uncaught error).
 */
describe.skipIf(!baseUrl)('a pooled connection the server ends', () => {
  it('is reported, not thrown, and the pool still closes', async () => {
    const name = `cadenza_test_lost_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(baseUrl!);
    url.pathname = `/${name}`;
    const reported: unknown[] = [];
    let lost!: () => void;
    const reportedOnce = new Promise<void>((resolve) => { lost = resolve; });
    const db = await openDatabase({ url: url.toString(), poolSize: 2, onError: (error) => { reported.push(error); lost(); } });
    try {
      await db.ping();
      // The connection now idles in the pool while its database goes.
      await adminQuery(`DROP DATABASE ${name} WITH (FORCE)`);
      await reportedOnce;
      expect((reported[0] as { code?: string }).code).toBe('57P01');
    } finally {
      await db.close();
    }
  });
});
