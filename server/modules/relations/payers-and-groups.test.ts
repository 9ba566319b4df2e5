import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Tx } from '../../db/client.js';
import { classGroupStudents, parentChildren } from '../../db/schema/index.js';
import { createSchoolWithGroupStudent, createUser, type TestSchoolWithGroup, type TestUser } from '../../test/factories.js';
import { openTestDatabase } from '../../test/test-database.js';
import {
  billedPayerOf, cardHoldersFor, groupsOfStudent, hasParent, parentIdsOf, payerFactsOf, payersOf, studentsInGroups, studentsPaidBy,
} from './index.js';

let db: Database;
let a: TestSchoolWithGroup;
/** A second parent of `a.student`, linked only by a family (decision 008), and made after the first. */
let familyParent: TestUser;

const inAll = <T>(fn: (tx: Tx) => Promise<T>) => db.transaction({ kind: 'all' }, fn);
const idsOf = (subquery: SQL) => inAll(async (tx) => (await tx.execute(sql`select s.id from ${subquery} s(id) order by 1`)).rows.map((r) => String(r.id)));
const sorted = (ids: string[]) => [...ids].sort();

beforeAll(async () => {
  db = await openTestDatabase();
  a = await createSchoolWithGroupStudent(db);
  familyParent = await createUser(db, 'parent', a.adminId);
  await inAll((tx) => tx.insert(parentChildren).values({ adminId: a.adminId, parentId: familyParent.id, studentId: a.student.id, direct: false }));
});
afterAll(() => db.close());

describe('who pays for a student (decision 057)', () => {
  it('is their parents, or the student themself when they have none', async () => {
    expect(await idsOf(payersOf(a.student.id))).toEqual(sorted([a.parent.id, familyParent.id]));
    expect(await idsOf(payersOf(a.otherStudent.id))).toEqual([a.otherStudent.id]);
  });

  it('bills one of them: a parent linked on the forms before one linked by a family; else the student', async () => {
    expect(await inAll((tx) => billedPayerOf(tx, a.adminId, a.student.id))).toBe(a.parent.id);
    expect(await inAll((tx) => billedPayerOf(tx, a.adminId, a.otherStudent.id))).toBe(a.otherStudent.id);
  });

  it('charges the cards of the payers and of the student (invoices billed to them before a parent)', async () => {
    expect(await idsOf(cardHoldersFor(a.student.id))).toEqual(sorted([a.parent.id, familyParent.id, a.student.id]));
    expect(await idsOf(cardHoldersFor(a.otherStudent.id))).toEqual([a.otherStudent.id]);
  });

  it('reads the other way: a parent pays for their children, a student for themself, staff for nobody', async () => {
    expect(await idsOf(studentsPaidBy({ id: a.parent.id, role: 'parent' }))).toEqual([a.student.id]);
    expect(await idsOf(studentsPaidBy({ id: a.otherStudent.id, role: 'student' }))).toEqual([a.otherStudent.id]);
    expect(await idsOf(studentsPaidBy({ id: a.admin.id, role: 'admin' }))).toEqual([]);
  });

  it('gives the billing policy its facts, and the parents who may read the invoices', async () => {
    const facts = (personId: string, studentId: string) => inAll(async (tx) => {
      const f = payerFactsOf(personId, studentId);
      return (await tx.execute(sql`select ${f.isChildOf} as child, ${f.hasParent} as parent`)).rows[0];
    });
    expect(await facts(familyParent.id, a.student.id)).toEqual({ child: true, parent: true });
    expect(await facts(a.parent.id, a.otherStudent.id)).toEqual({ child: false, parent: false });
    expect(await inAll((tx) => hasParent(tx, a.student.id))).toBe(true);
    expect(await inAll((tx) => hasParent(tx, a.otherStudent.id))).toBe(false);
    expect(sorted(await inAll((tx) => parentIdsOf(tx, a.student.id)))).toEqual(sorted([a.parent.id, familyParent.id]));
  });
});

describe('the payer fact the billing policy decides on', () => {
  it('is the payer rule itself: a parent of the student, or the student with no parent; nobody else', async () => {
    const pays = (personId: string, studentId: string) => inAll(async (tx) =>
      (await tx.execute(sql`select ${payerFactsOf(personId, studentId).pays} as pays`)).rows[0]?.pays);
    expect(await pays(a.parent.id, a.student.id)).toBe(true);
    expect(await pays(familyParent.id, a.student.id)).toBe(true);
    expect(await pays(a.student.id, a.student.id)).toBe(false);
    expect(await pays(a.otherStudent.id, a.otherStudent.id)).toBe(true);
    expect(await pays(a.parent.id, a.otherStudent.id)).toBe(false);
    expect(await pays(a.admin.id, a.student.id)).toBe(false);
  });
});

describe('a student\'s classes/groups', () => {
  it('are the ones they are a member of, and a group\'s members read them back', async () => {
    expect(await idsOf(groupsOfStudent(a.groupStudent.id))).toEqual([a.classGroupId]);
    expect(await idsOf(groupsOfStudent(a.student.id))).toEqual([]);
    const second = await createUser(db, 'student', a.adminId);
    await inAll((tx) => tx.insert(classGroupStudents).values({ adminId: a.adminId, classGroupId: a.classGroupId, studentId: second.id }));
    expect(await idsOf(studentsInGroups(sql`(${a.classGroupId}::uuid)`))).toEqual(sorted([a.groupStudent.id, second.id]));
  });
});
