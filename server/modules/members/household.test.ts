import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app.js';
import type { TestSchool } from '../../test/factories.js';
import { auditEvents, families, familyMembers, parentChildren } from '../../db/schema/index.js';
import { memberCalls, membersWorld, personForm, type Tokens } from './test-kit.js';

/** Issue 10, one household: a parent added with a student joins or makes that household's family. */
let t: TestApp;
let a: TestSchool;
let tok: Tokens;
let api: ReturnType<typeof memberCalls>;

beforeAll(async () => {
  ({ t, api, a, tok } = await membersWorld());
});
afterAll(() => t.close());

async function familiesOf(userId: string) {
  return t.db.transaction({ kind: 'all' }, async (tx) => {
    const rows = await tx.select({ id: families.id, name: families.name, adminId: families.adminId }).from(familyMembers)
      .innerJoin(families, eq(families.id, familyMembers.familyId)).where(eq(familyMembers.userId, userId));
    return Promise.all(rows.map(async (f) => ({
      ...f,
      members: (await tx.select({ userId: familyMembers.userId }).from(familyMembers).where(eq(familyMembers.familyId, f.id))).map((m) => m.userId).sort(),
    })));
  });
}
const linked = (parentId: string, studentId: string) => t.db.transaction({ kind: 'all' }, async (tx) =>
  (await tx.select().from(parentChildren).where(and(eq(parentChildren.parentId, parentId), eq(parentChildren.studentId, studentId)))).length === 1);

describe('a parent added with a student', () => {
  it('makes a family for a new parent and the student, named after the parent', async () => {
    const res = await api.call('POST', '/students/add', tok.admin, personForm('hs', { newParent: personForm('hp', { last_name: 'Okafor' }) }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const studentId = res.body.data._id as string;
    const parentId = res.body.data.parents[0]._id as string;
    const [family, ...more] = await familiesOf(studentId);
    expect(more).toEqual([]);
    expect(family).toMatchObject({ name: 'Okafor Family', adminId: a.adminId, members: [parentId, studentId].sort() });
    expect(await linked(parentId, studentId)).toBe(true);
    const events = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(auditEvents).where(and(eq(auditEvents.adminId, a.adminId), eq(auditEvents.action, 'family.added'))));
    expect(events.some((e) => (e.meta as { familyId?: string }).familyId === family!.id)).toBe(true);
  });

  it('puts a sibling into the family their existing parent already has', async () => {
    const first = await api.call('POST', '/students/add', tok.admin, personForm('hs', { newParent: personForm('hp', { last_name: 'Berg' }) }));
    const parentId = first.body.data.parents[0]._id as string;
    const [family] = await familiesOf(parentId);
    const second = await api.add('students', tok.subadmin, personForm('hs', { parentIds: [parentId] }));
    const after = await familiesOf(second._id);
    expect(after).toEqual([expect.objectContaining({ id: family!.id, members: [parentId, first.body.data._id, second._id].sort() })]);
    expect(await familiesOf(parentId)).toHaveLength(1);
  });

  it('brings a second parent without a family into the household of the first', async () => {
    const first = await api.call('POST', '/students/add', tok.admin, personForm('hs', { newParent: personForm('hp') }));
    const mum = first.body.data.parents[0]._id as string;
    const dad = (await api.add('parents', tok.admin, personForm('dad')))._id;
    const child = await api.add('students', tok.admin, personForm('hs', { parentIds: [dad, mum] }));
    const [family, ...more] = await familiesOf(child._id);
    expect(more).toEqual([]);
    expect(family!.members).toEqual([mum, dad, first.body.data._id, child._id].sort());
    // The older child and the new parent are linked too: one household, one set of links.
    expect(await linked(dad, first.body.data._id)).toBe(true);
  });

  it('a student added without a parent joins no family', async () => {
    const child = await api.add('students', tok.admin, personForm('solo'));
    expect(await familiesOf(child._id)).toEqual([]);
  });

  it('the CSV import puts siblings sharing a new parent into one new family', async () => {
    const u = () => `imh${Math.random().toString(36).slice(2, 8)}`;
    const [s1, s2, p] = [u(), u(), u()];
    const csv = [
      'first_name,last_name,username,email,parent_first_name,parent_last_name,parent_email,parent_username',
      `Ann,Vale,${s1},${s1}@example.test,Pat,Vale,${p}@example.test,${p}`,
      `Ben,Vale,${s2},${s2}@example.test,Pat,Vale,${p}@example.test,${p}`,
    ].join('\r\n');
    const res = await api.call('POST', '/students/import', tok.admin, { csv });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = await t.db.transaction({ kind: 'all' }, async (tx) => {
      const { users } = await import('../../db/schema/index.js');
      return tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, [s1, s2, p]));
    });
    const id = (name: string) => ids.find((r) => r.username === name)!.id;
    const [family, ...more] = await familiesOf(id(p));
    expect(more).toEqual([]);
    expect(family).toMatchObject({ name: 'Vale Family', members: [id(s1), id(s2), id(p)].sort() });
  });
});
