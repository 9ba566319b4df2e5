import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openTestDatabase } from '../test/test-database.js';
import { createSchool, type TestSchool } from '../test/factories.js';
import type { Database, TenantScope } from './client.js';
import { users } from './schema/index.js';
import { actorOfToken } from '../plugins/auth.js';
import { sessionToken } from '../test/test-app.js';

/**
 * The tenant wall (decision 020): text smuggled into a query of a school's transaction tries
 * to leave the RLS-bound role or to name all schools, then reads another school's people. Every
 * attempt fails, on PGlite and (TEST_DATABASE_URL) on PostgreSQL.
 */
let db: Database;
let a: TestSchool;
let b: TestSchool;
let owner = '';
let schoolA: TenantScope;

beforeAll(async () => {
  db = await openTestDatabase();
  a = await createSchool(db);
  b = await createSchool(db);
  schoolA = { kind: 'school', adminId: a.adminId };
  owner = (await db.callSystemFunction<string>(sql`select session_user`))!;
});
afterAll(() => db.close());

const otherSchoolsPeople = (scope: TenantScope, attack?: string) =>
  db.transaction(scope, async (tx) => {
    if (attack) await tx.execute(sql.raw(attack));
    return tx.select({ id: users.id }).from(users).where(eq(users.adminId, b.adminId));
  });

describe('the tenant wall', () => {
  it('holds without an attack: school A sees none of school B', async () => {
    expect(await otherSchoolsPeople(schoolA)).toEqual([]);
  });

  const attacks = () => [
    `select set_config('role', '${owner}', true)`,
    `select set_config('role', 'none', true)`,
    `select set_config('app.all_schools', 'on', true)`,
    `select set_config('app.admin_id', '${b.adminId}', true)`,
    `select set_config('app.all_schools', 'on', false)`,
    `select query_to_xml('select set_config(''role'', ''none'', true)', true, false, '')`,
    `select query_to_xml('reset role', true, false, '')`,
    `select 1; RESET ROLE`,
    `select 1; SET ROLE ${owner}`,
    `select 1; SET LOCAL app.all_schools = 'on'`,
    `select 1; SET app.admin_id = '${b.adminId}'`,
    `select 1; RESET SESSION AUTHORIZATION`,
  ];

  it('refuses every way out of the role or the school from inside a query', async () => {
    for (const attack of attacks()) {
      const outcome = await otherSchoolsPeople(schoolA, attack).then((rows) => ({ rows }), (error: Error) => ({ refused: String(error.cause ?? error.message) }));
      expect(outcome, attack).toHaveProperty('refused');
      expect(outcome, attack).not.toHaveProperty('rows');
    }
  });

  it('leaves the pooled connection bound: the next transaction is school A again', async () => {
    for (let i = 0; i < 3; i++) {
      const [scope] = await db.transaction(schoolA, (tx) => tx.execute(sql`select current_user as role, current_setting('app.all_schools', true) as all_schools`).then((r) => r.rows));
      expect(scope).toEqual({ role: 'cadenza_app', all_schools: 'off' });
      expect(await otherSchoolsPeople(schoolA)).toEqual([]);
    }
  });

  it('binds a prepared statement to the school of each transaction that runs it, not the one that prepared it', async () => {
    // Prepared statements live as long as the pooled connection (decision 065); row-level
    // security must still answer each transaction with its own school's people only.
    const schoolB: TenantScope = { kind: 'school', adminId: b.adminId };
    const everyone = (scope: TenantScope) => db.transaction(scope, (tx) =>
      tx.prepared('tenant_wall_everyone', (name) => tx.select({ adminId: users.adminId }).from(users).prepare(name)).execute());
    for (let i = 0; i < 3; i++) {
      for (const school of [a, b]) {
        const rows = await everyone(school === a ? schoolA : schoolB);
        expect(rows.length).toBeGreaterThan(0);
        expect(new Set(rows.map((r) => r.adminId))).toEqual(new Set([school.adminId]));
      }
    }
  });

  it('answers each session its own person from the prepared session lookup, on connections the schools’ transactions use', async () => {
    // The lookup is prepared once on each pooled connection (decision 065), outside any school's
    // scope: a connection a school's transaction bound before must not change whom it answers.
    const people = [a.admin, a.teacher, a.student, b.admin, b.teacher, b.student];
    const tokens = await Promise.all(people.map((person) => sessionToken({ db }, person.id)));
    for (let i = 0; i < 3; i++) {
      const [answers] = await Promise.all([
        Promise.all(tokens.map((token) => actorOfToken(db, token, null))),
        Promise.all([a, b].map((school) => otherSchoolsPeople({ kind: 'school', adminId: school.adminId }))),
      ]);
      expect(answers.map((actor) => actor && [actor.id, actor.adminId, actor.user.schoolName])).toEqual(
        people.map((person) => [person.id, person.adminId, `School ${person.adminId!.slice(0, 4)}`]));
    }
    expect(await actorOfToken(db, 'no-such-token', null)).toBeNull();
  });
});
