import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool, type TestUser } from '../../test/factories.js';
import { auditEvents, families, parentChildren } from '../../db/schema/index.js';
import { FAMILY_MESSAGES } from '../../../shared/contracts/families.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  for (const role of ['admin', 'subadmin', 'teacher', 'student', 'parent'] as const) tokens[role] = await sessionToken(t, a[role].id);
  tokens.bAdmin = await sessionToken(t, b.admin.id);
});
afterAll(() => t.close());

/** `null` sends no session. */
const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, token: string | null = tokens.admin!) =>
  t.call(method, `/api/family${path}`, { token: token ?? undefined, body });

let seq = 0;
async function addFamily(parentIds: string[], childIds: string[], name = `Family ${++seq}`, token = tokens.admin!) {
  const res = await call('POST', '/add', { name, parentIds, childIds }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { _id: string; name: string };
}

const person = (role: 'parent' | 'student', first: string, school = a) => createUser(t.db, role, school.adminId, { firstName: first, lastName: 'Household' });

/** The pairs of parent_children among these people, as "parent>child" of their first names. */
async function links(people: TestUser[]) {
  const rows = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(parentChildren));
  const name = new Map(people.map((p) => [p.id, p.username]));
  return rows.filter((r) => name.has(r.parentId) && name.has(r.studentId)).map((r) => `${name.get(r.parentId)}>${name.get(r.studentId)}`).sort();
}

const pair = (p: TestUser, c: TestUser) => `${p.username}>${c.username}`;

describe('POST /api/family/add', () => {
  it('adds a family, links each parent to each child, records family.added', async () => {
    const [mum, dad, kid1, kid2] = [await person('parent', 'Mum'), await person('parent', 'Dad'), await person('student', 'Kid'), await person('student', 'Kid')];
    const res = await call('POST', '/add', { name: 'Household family', parentIds: [mum.id, dad.id], childIds: [kid1.id, kid2.id] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(FAMILY_MESSAGES.added);
    expect(res.body.data.name).toBe('Household family');
    expect(res.body.data.parents.map((p: { _id: string }) => p._id).sort()).toEqual([mum.id, dad.id].sort());
    expect(res.body.data.children).toHaveLength(2);
    expect(await links([mum, dad, kid1, kid2])).toEqual([pair(mum, kid1), pair(mum, kid2), pair(dad, kid1), pair(dad, kid2)].sort());
    const logged = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(auditEvents)
      .where(and(eq(auditEvents.adminId, a.adminId), eq(auditEvents.action, 'family.added'))));
    expect(logged.some((e) => e.meta?.familyId === res.body.data._id && e.actorId === a.admin.id)).toBe(true);
  });

  it('answers the messages by field and changes nothing', async () => {
    const res = await call('POST', '/add', { name: '', parentIds: [], childIds: [] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: 'Family Name is Required', parentIds: 'Parent is Required', childIds: 'Child is Required' });
    const missing = await call('POST', '/add', {});
    expect(missing.body.errors).toMatchObject({ name: 'Family Name is Required', parentIds: 'Parent is Required', childIds: 'Child is Required' });
    const count = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(families).where(eq(families.name, '')));
    expect(count).toHaveLength(0);
  });

  it('refuses people of another school or of the wrong role, with a clear message', async () => {
    const wrongRole = await call('POST', '/add', { name: 'X', parentIds: [a.student.id], childIds: [a.otherStudent.id] });
    expect(wrongRole.status).toBe(400);
    expect(wrongRole.body.errors).toEqual({ parentIds: FAMILY_MESSAGES.parentsNotInSchool });
    const childIsParent = await call('POST', '/add', { name: 'X', parentIds: [a.parent.id], childIds: [a.parent.id] });
    expect(childIsParent.body.errors).toEqual({ childIds: FAMILY_MESSAGES.childrenNotInSchool });
    const foreign = await call('POST', '/add', { name: 'X', parentIds: [a.parent.id], childIds: [b.student.id] });
    expect(foreign.body.errors).toEqual({ childIds: FAMILY_MESSAGES.childrenNotInSchool });
    expect(await links([a.parent, b.student])).toEqual([]);
  });

  it('lets a sub-admin add; refuses teacher, student, parent (403) and no session (401)', async () => {
    await addFamily([a.parent.id], [a.student.id], 'By the office', tokens.subadmin);
    for (const role of ['teacher', 'student', 'parent']) {
      expect((await call('POST', '/add', { name: 'X', parentIds: [a.parent.id], childIds: [a.student.id] }, tokens[role])).status, role).toBe(403);
    }
    expect((await call('POST', '/add', { name: 'X', parentIds: [a.parent.id], childIds: [a.student.id] }, null)).status).toBe(401);
  });
});

describe('keeping parent_children in step', () => {
  it('unlinks a removed child from the family\'s parents, and links a new one', async () => {
    const [mum, kid1, kid2, kid3] = [await person('parent', 'Mum'), await person('student', 'A'), await person('student', 'B'), await person('student', 'C')];
    const f = await addFamily([mum.id], [kid1.id, kid2.id]);
    const res = await call('POST', '/update', { id: f._id, name: 'Renamed', parentIds: [mum.id], childIds: [kid2.id, kid3.id] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(FAMILY_MESSAGES.updated);
    expect(await links([mum, kid1, kid2, kid3])).toEqual([pair(mum, kid2), pair(mum, kid3)].sort());
  });

  it('keeps a link that another family still has: a child of two households', async () => {
    const [mum, dad, stepdad, kid] = [await person('parent', 'Mum'), await person('parent', 'Dad'), await person('parent', 'Step'), await person('student', 'Kid')];
    const first = await addFamily([mum.id, dad.id], [kid.id], 'First household');
    const second = await addFamily([dad.id, stepdad.id], [kid.id], 'Second household');
    expect(await links([mum, dad, stepdad, kid])).toEqual([pair(mum, kid), pair(dad, kid), pair(stepdad, kid)].sort());
    // Dad leaves the first family: the second still links him to the child.
    await call('POST', '/update', { id: first._id, name: 'First household', parentIds: [mum.id], childIds: [kid.id] });
    expect(await links([mum, dad, stepdad, kid])).toEqual([pair(mum, kid), pair(dad, kid), pair(stepdad, kid)].sort());
    // Removing the second family unlinks what only it had.
    expect((await call('DELETE', '/remove', { id: second._id })).status).toBe(200);
    expect(await links([mum, dad, stepdad, kid])).toEqual([pair(mum, kid)]);
  });

  it('never removes a link made directly that no family had', async () => {
    const [mum, kid, cousin] = [await person('parent', 'Mum'), await person('student', 'Kid'), await person('student', 'Cousin')];
    await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(parentChildren).values({ adminId: a.adminId, parentId: mum.id, studentId: cousin.id }));
    const f = await addFamily([mum.id], [kid.id]);
    await call('POST', '/update', { id: f._id, name: 'Smaller', parentIds: [mum.id], childIds: [await person('student', 'New').then((p) => p.id)] });
    await call('DELETE', '/remove', { id: f._id });
    expect(await links([mum, kid, cousin])).toEqual([pair(mum, cousin)]);
  });

  it('keeps a direct link when a family that also held the pair drops it', async () => {
    const [mum, kid] = [await person('parent', 'Mum'), await person('student', 'Kid')];
    await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(parentChildren).values({ adminId: a.adminId, parentId: mum.id, studentId: kid.id }));
    const f = await addFamily([mum.id], [kid.id]);
    await call('DELETE', '/remove', { id: f._id });
    expect(await links([mum, kid])).toEqual([pair(mum, kid)]);
  });

  it('lets the parent see the family\'s child on /member/children', async () => {
    const mum = await person('parent', 'Mum');
    const kid = await person('student', 'Kid');
    await addFamily([mum.id], [kid.id]);
    const res = await t.call('GET', '/api/member/children', { token: await sessionToken(t, mum.id) });
    expect(res.body.data.results.map((c: { _id: string }) => c._id)).toEqual([kid.id]);
  });
});

describe('POST /api/family/list', () => {
  let school: TestSchool;
  let token: string;
  beforeAll(async () => {
    school = await createSchool(t.db);
    token = await sessionToken(t, school.admin.id);
    for (let i = 1; i <= 7; i++) await addFamily([school.parent.id], [school.student.id], `Family ${String.fromCharCode(64 + i)}`, token);
  });

  it('pages 6 at a time, newest first, with parents and children', async () => {
    const first = await call('POST', '/list', {}, token);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ page: 1, limit: 6, totalCount: 7 });
    expect(first.body.data.results[0]).toMatchObject({ name: 'Family G', parents: [{ _id: school.parent.id }], children: [{ _id: school.student.id }] });
    const second = await call('POST', '/list', { page: 2 }, token);
    expect(second.body.data.results.map((r: { name: string }) => r.name)).toEqual(['Family A']);
    expect((await call('POST', '/list', { page: 5 }, token)).body.data).toMatchObject({ results: [], totalCount: 7 });
  });

  it('searches by family name or by a member\'s name; sorts by name', async () => {
    const byName = await call('POST', '/list', { search: 'family c' }, token);
    expect(byName.body.data.results.map((r: { name: string }) => r.name)).toEqual(['Family C']);
    const byMember = await call('POST', '/list', { search: 'Parent Tester', sortBy: 'name', orderBy: 1, limit: 2 }, token);
    expect(byMember.body.data.totalCount).toBe(7);
    expect(byMember.body.data.results.map((r: { name: string }) => r.name)).toEqual(['Family A', 'Family B']);
    expect((await call('POST', '/list', { search: 'nobody at all' }, token)).body.data.totalCount).toBe(0);
  });

  it('shows no other school\'s families; refuses teacher, student, parent (403) and no session (401)', async () => {
    const other = await call('POST', '/list', { limit: 100 }, tokens.bAdmin);
    expect(other.body.data.results.every((r: { name: string }) => !/^Family [A-G]$/.test(r.name))).toBe(true);
    for (const role of ['teacher', 'student', 'parent']) expect((await call('POST', '/list', {}, tokens[role])).status, role).toBe(403);
    expect((await call('POST', '/list', {}, null)).status).toBe(401);
  });
});

describe('view, update and remove of one family', () => {
  it('views a family; 404 from another school; 403 for the roles without families; 401', async () => {
    const f = await addFamily([a.parent.id], [a.student.id]);
    const res = await call('GET', `/view/${f._id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: f._id, parents: [{ _id: a.parent.id }], children: [{ _id: a.student.id }] });
    expect((await call('GET', `/view/${f._id}`, undefined, tokens.subadmin)).status).toBe(200);
    expect((await call('GET', `/view/${f._id}`, undefined, tokens.bAdmin)).status).toBe(404);
    expect((await call('GET', `/view/${f._id}`, undefined, tokens.teacher)).status).toBe(403);
    expect((await call('GET', `/view/${f._id}`, undefined, tokens.parent)).status).toBe(403);
    expect((await call('GET', `/view/${f._id}`, undefined, null)).status).toBe(401);
  });

  it('update: 400 messages, 404 from another school, 403 for a teacher', async () => {
    const f = await addFamily([a.parent.id], [a.student.id]);
    const bad = await call('POST', '/update', { id: f._id, name: ' ', parentIds: [a.parent.id], childIds: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ name: 'Family Name is Required', childIds: 'Child is Required' });
    const body = { id: f._id, name: 'Taken', parentIds: [a.parent.id], childIds: [a.student.id] };
    expect((await call('POST', '/update', body, tokens.bAdmin)).status).toBe(404);
    expect((await call('POST', '/update', body, tokens.teacher)).status).toBe(403);
    expect((await call('POST', '/update', body, null)).status).toBe(401);
  });

  it('remove: records family.removed; 404 from another school, 403 for a parent', async () => {
    const f = await addFamily([a.parent.id], [a.student.id], 'Leaving family');
    expect((await call('DELETE', '/remove', { id: f._id }, tokens.bAdmin)).status).toBe(404);
    expect((await call('DELETE', '/remove', { id: f._id }, tokens.parent)).status).toBe(403);
    expect((await call('DELETE', '/remove', { id: f._id }, null)).status).toBe(401);
    const res = await call('DELETE', '/remove', { id: f._id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(FAMILY_MESSAGES.deleted);
    expect((await call('GET', `/view/${f._id}`)).status).toBe(404);
    const logged = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(auditEvents).where(eq(auditEvents.action, 'family.removed')));
    expect(logged.some((e) => e.meta?.name === 'Leaving family')).toBe(true);
  });
});
