import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import { createSchool, type TestSchool } from '../../test/factories.js';
import type { Database } from '../../db/client.js';
import { merchantAccounts } from '../../db/schema/index.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { readConfig } from '../../config.js';
import { gatewayForSchool } from './gateway-for-school.js';

const box = createSecretBox(randomBytes(32));
let db: Database;
let school: TestSchool;

beforeAll(async () => {
  db = await openTestDatabase();
  school = await createSchool(db);
});
afterAll(() => db.close());

async function setAccount(adminId: string, gateway: string, environment: string) {
  await db.transaction({ kind: 'all' }, (tx) => tx.insert(merchantAccounts).values({
    adminId, gateway, environment,
    apiLoginIdEncrypted: box.seal('5KP3u95bQpv'), apiLoginIdLast4: 'bQpv',
    transactionKeyEncrypted: box.seal('346HZ32z3fP4hTG2'), transactionKeyLast4: 'hTG2',
  }).onConflictDoUpdate({ target: merchantAccounts.adminId, set: { gateway, environment } }));
}

const gatewayOf = (adminId: string, apiUrl?: string) =>
  db.transaction({ kind: 'school', adminId }, (tx) => gatewayForSchool(tx, adminId, box, { apiUrl }));

describe('gatewayForSchool', () => {
  it('a school without a merchant account takes money through the sandbox, in test mode', async () => {
    const gateway = await gatewayOf(school.adminId);
    expect(gateway.name).toBe('sandbox');
    expect(gateway.testMode).toBe(true);
  });

  it('a school that chose the sandbox gateway gets the sandbox', async () => {
    await setAccount(school.adminId, 'sandbox', 'production');
    expect((await gatewayOf(school.adminId)).name).toBe('sandbox');
  });

  it('Authorize.Net in its sandbox environment is test mode; in production it is not', async () => {
    await setAccount(school.adminId, 'authorizenet', 'sandbox');
    const sandbox = await gatewayOf(school.adminId);
    expect(sandbox).toMatchObject({ name: 'authorizenet', testMode: true });
    await setAccount(school.adminId, 'authorizenet', 'production');
    expect(await gatewayOf(school.adminId)).toMatchObject({ name: 'authorizenet', testMode: false });
  });

  it('another school\'s account is not read (row-level security): that school gets the sandbox', async () => {
    const other = await createSchool(db);
    await setAccount(school.adminId, 'authorizenet', 'production');
    const gateway = await db.transaction({ kind: 'school', adminId: other.adminId }, (tx) => gatewayForSchool(tx, school.adminId, box));
    expect(gateway.name).toBe('sandbox');
  });
});

describe('AUTHORIZENET_API_URL', () => {
  it('is honoured for https and for http to this machine only', () => {
    expect(readConfig({ AUTHORIZENET_API_URL: 'http://127.0.0.1:4444/xml/v1/request.api' }).authorizeNetApiUrl).toBe('http://127.0.0.1:4444/xml/v1/request.api');
    expect(readConfig({ AUTHORIZENET_API_URL: 'https://gateway.example/xml' }).authorizeNetApiUrl).toBe('https://gateway.example/xml');
    expect(() => readConfig({ AUTHORIZENET_API_URL: 'http://gateway.example/xml' })).toThrow(/https/);
    expect(readConfig({}).authorizeNetApiUrl).toBeUndefined();
  });
});
