import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError, and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { openTestDatabase } from '../test/test-database.js';
import { createSchool, type TestSchool } from '../test/factories.js';
import type { Database, TenantScope, Tx } from './client.js';
import { schools, studentTeachers, users } from './schema/index.js';
import { totalRows } from '../lib/paging.js';

/**
 * tx.prepared's statements (decision 065) answer exactly as Drizzle's own execute of the same
 * query: on PostgreSQL they run past Drizzle's per-call wrappers (server/db/prepared-execution.ts),
 * on PGlite they are Drizzle's. Each case compares the two on the same transaction.
 */
let db: Database;
let a: TestSchool;
let schoolA: TenantScope;
beforeAll(async () => {
  db = await openTestDatabase();
  a = await createSchool(db);
  schoolA = { kind: 'school', adminId: a.adminId };
});
afterAll(() => db.close());

const teacher = alias(users, 'teacher');
const school = sql.placeholder('school');

/** A page of people: a nested object, a timestamp, a boolean, a mapped count, a join, placeholders. */
const page = (tx: Tx) => tx
  .select({
    user: { id: users.id, firstName: users.firstName, createdAt: users.createdAt, status: users.status, email: users.email },
    teacherName: teacher.firstName,
    total: totalRows,
    doubled: sql<number>`2 * ${sql.placeholder('n')}::int`.mapWith(Number).as('doubled'),
  })
  .from(users).innerJoin(studentTeachers, eq(studentTeachers.studentId, users.id)).innerJoin(teacher, eq(teacher.id, studentTeachers.teacherId))
  .where(and(eq(users.adminId, school), eq(users.role, 'student'))).limit(sql.placeholder('limit'));

/** A left join whose side is absent: Drizzle answers null for that nested object. */
const withAbsentSchool = (tx: Tx) => tx
  .select({ id: users.id, school: { name: schools.schoolName, showStore: schools.showStore } })
  .from(users).leftJoin(schools, and(eq(schools.adminId, users.adminId), sql`false`))
  .where(eq(users.id, sql.placeholder('id')));

const both = <T>(name: string, build: (tx: Tx) => { prepare(name: string): { execute(values: Record<string, unknown>): Promise<T> } }, values: Record<string, unknown>) =>
  db.transaction(schoolA, async (tx) => {
    const own = await build(tx).prepare(`${name}_drizzle`).execute(values);
    const prepared = [];
    // Twice: the second call runs the statement kept on the connection.
    for (let i = 0; i < 2; i++) prepared.push(await tx.prepared(name, (n) => build(tx).prepare(n)).execute(values));
    return { own, prepared };
  });

describe('tx.prepared', () => {
  it('answers as Drizzle does: nested objects, dates, booleans, mapped values, joins', async () => {
    const { own, prepared } = await both('test_prepared_page', page, { school: a.adminId, limit: 5, n: 21 });
    expect(own.length).toBeGreaterThan(0);
    expect(own[0]).toMatchObject({ user: { id: a.student.id }, doubled: 42, total: 1 });
    expect(own[0]!.user.createdAt).toBeInstanceOf(Date);
    for (const rows of prepared) expect(rows).toStrictEqual(own);
  });

  it('answers a left join’s absent side as null, as Drizzle does', async () => {
    const { own, prepared } = await both('test_prepared_left_join', withAbsentSchool, { id: a.teacher.id });
    expect(own).toStrictEqual([{ id: a.teacher.id, school: null }]);
    for (const rows of prepared) expect(rows).toStrictEqual(own);
  });

  it('fails as Drizzle does: a DrizzleQueryError carrying the statement, or a missing value named', async () => {
    const failure = await db.transaction(schoolA, (tx) => tx.prepared('test_prepared_bad_uuid', (n) => page(tx).prepare(n))
      .execute({ school: 'not-a-uuid', limit: 5, n: 1 })).then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    expect((failure as DrizzleQueryError).query).toContain('from "users"');
    expect((failure as DrizzleQueryError).params).toContain('not-a-uuid');
    expect(String((failure as DrizzleQueryError).cause)).toContain('not-a-uuid');
    await expect(db.transaction(schoolA, (tx) => tx.prepared('test_prepared_missing', (n) => page(tx).prepare(n)).execute({ school: a.adminId, n: 1 })))
      .rejects.toThrow('No value for placeholder "limit" was provided');
  });
});
