import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { rawCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { createUser, type TestSchool } from '../../test/factories.js';
import { auditEvents, parentChildren, studentGenres, users } from '../../db/schema/index.js';
import { MEMBER_MESSAGES } from '../../../shared/contracts/members.js';
import { IMPORT_MESSAGES, readImportFile } from './import-rows.js';
import { memberCalls, membersWorld, type Tokens } from './test-kit.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let tok: Tokens;
let api: ReturnType<typeof memberCalls>;
let g: Record<string, string>;

beforeAll(async () => {
  ({ t, api, a, b, tok, g } = await membersWorld());
});
afterAll(() => t.close());

const HEADER = 'First_Name,last_name,username,email,cellPhone,instruments,parent_first_name,parent_last_name,parent_email,parent_username';
const file = (...rows: string[]) => [HEADER, ...rows].join('\r\n');
const byUsername = async (username: string) =>
  (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(users).where(eq(users.username, username))))[0];

describe('readImportFile', () => {
  it("sees another school's usernames as taken from inside the school's own transaction (no all-schools scope)", async () => {
    const found = await t.db.transaction({ kind: 'school', adminId: a.adminId }, (tx) =>
      readImportFile(tx, file(`Taken,User,${b.student.username.toUpperCase()},taken@imp.test,,,,,,`, 'Free,User,imp.free,free@imp.test,,,,,,')));
    expect([...found.takenUsernames]).toEqual([b.student.username.toLowerCase()]);
  });
});

describe('POST /api/member/students/import/preview and import', () => {
  let csv = '';
  beforeAll(() => {
    csv = file(
    'Ada,Byron,imp.ada,ada@imp.test,,"Piano:beginner; Guitar:Advanced",Anne,Byron,anne@imp.test,imp.anne',
    'Alan,Byron,imp.alan,alan@imp.test,,,Anne,Byron,anne@imp.test,imp.anne',
    `Kid,Known,imp.kid,kid@imp.test,,Cello,,,${a.parent.email},`,
    'Bad,Row,imp.ada,ada@imp.test,,Kazoo:beginner,,,,',
    `Lev,El,imp.lev,lev@imp.test,,Piano:expert,,,,`,
    `Taken,User,${b.student.username},taken@imp.test,,,,,,`,
    '1Num,Ber,imp.num,not-an-email,,,,,,',
    );
  });

  it('answers every row with its errors and saves nothing', async () => {
    const res = await api.call('POST', '/students/import/preview', tok.admin, { csv });
    expect(res.status).toBe(200);
    const { rows, validCount, errorCount } = res.body.data;
    expect({ validCount, errorCount }).toEqual({ validCount: 3, errorCount: 4 });
    expect(rows.map((r: { line: number }) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(rows[0]).toEqual({ line: 2, first_name: 'Ada', last_name: 'Byron', email: 'ada@imp.test', parentEmail: 'anne@imp.test', errors: {}, problems: [] });
    expect(rows[3].errors).toEqual({
      instruments: IMPORT_MESSAGES.unknownInstrument('Kazoo'), username: IMPORT_MESSAGES.repeatedUsername, email: IMPORT_MESSAGES.repeatedEmail,
    });
    expect(rows[4].errors).toEqual({ instruments: IMPORT_MESSAGES.badLevel('Piano') });
    expect(rows[5].errors).toEqual({ username: MEMBER_MESSAGES.usernameTaken });
    expect(rows[6].errors).toEqual({ first_name: 'first character should be alphabet', email: 'Please provide a valid email address' });
    // In words, each led by the column's label unless the message already names it (decision 095).
    expect(rows[6].problems).toEqual(['First name: first character should be alphabet', 'Email: Please provide a valid email address']);
    expect(rows[5].problems).toEqual([MEMBER_MESSAGES.usernameTaken]);
    expect(rows[4].problems).toEqual([`Instruments: ${IMPORT_MESSAGES.badLevel('Piano')}`]);
    expect(await byUsername('imp.ada')).toBeUndefined();
  });

  it('imports the valid rows: students invited, a new parent made once for siblings, a known parent linked', async () => {
    const res = await api.call('POST', '/students/import', tok.subadmin, { csv });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('3 students imported successfully');
    expect(res.body.data).toEqual({ count: 3 });
    const ada = (await byUsername('imp.ada'))!;
    const anne = (await byUsername('imp.anne'))!;
    const kid = (await byUsername('imp.kid'))!;
    expect(ada).toMatchObject({ role: 'student', adminId: a.adminId, passwordHash: null });
    for (let i = 0; i < 100 && t.sentEmails.filter((e) => e.to.endsWith('@imp.test')).length < 4; i++) await new Promise((r) => setTimeout(r, 20));
    // Three students and one new parent, each invited once.
    expect(t.sentEmails.filter((e) => e.to.endsWith('@imp.test')).map((e) => e.to).sort())
      .toEqual(['ada@imp.test', 'alan@imp.test', 'anne@imp.test', 'kid@imp.test']);
    expect(t.sentEmails.find((e) => e.to === 'ada@imp.test')?.text).toContain('/acceptinvitation/');
    expect(anne).toMatchObject({ role: 'parent', adminId: a.adminId });
    expect(await byUsername('imp.lev')).toBeUndefined();
    const links = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(parentChildren).where(eq(parentChildren.adminId, a.adminId)));
    const parentsOf = (id: string) => links.filter((l) => l.studentId === id).map((l) => l.parentId);
    expect(parentsOf(ada.id)).toEqual([anne.id]);
    expect(parentsOf((await byUsername('imp.alan'))!.id)).toEqual([anne.id]);
    expect(parentsOf(kid.id)).toEqual([a.parent.id]);
    const instruments = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(studentGenres).where(eq(studentGenres.studentId, ada.id)));
    expect(instruments.map((i) => [i.genreId, i.level]).sort()).toEqual([[g.Guitar, 'advanced'], [g.Piano, 'beginner']].sort());
    const kidInstruments = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(studentGenres).where(eq(studentGenres.studentId, kid.id)));
    expect(kidInstruments.map((i) => i.level)).toEqual(['beginner']);
    const events = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(auditEvents).where(and(eq(auditEvents.adminId, a.adminId), eq(auditEvents.action, 'member.imported'))));
    expect(events.map((e) => e.meta)).toEqual([{ count: 3 }]);
    // Importing the same file again finds everyone there.
    const again = await api.call('POST', '/students/import/preview', tok.admin, { csv });
    expect(again.body.data.validCount).toBe(0);
  });

  it('refuses a file without the needed columns, without rows, or empty', async () => {
    expect((await api.call('POST', '/students/import/preview', tok.admin, { csv: 'name,email\nA,b@c.d' })).body.errors).toEqual({ csv: IMPORT_MESSAGES.columns });
    expect((await api.call('POST', '/students/import/preview', tok.admin, { csv: `${HEADER}\n\n` })).body.errors).toEqual({ csv: IMPORT_MESSAGES.empty });
    expect((await api.call('POST', '/students/import', tok.admin, { csv: '' })).body.errors).toEqual({ csv: 'Please choose a CSV file' });
    const big = file(...Array.from({ length: 1001 }, (_, i) => `A,B,big${i},big${i}@imp.test,,,,,,`));
    expect((await api.call('POST', '/students/import/preview', tok.admin, { csv: big })).body.errors).toEqual({ csv: IMPORT_MESSAGES.tooMany });
  });

  it('answers 403 to roles that may not import and 401 without a session', async () => {
    for (const token of [tok.teacher, tok.parent, tok.student]) {
      expect((await api.call('POST', '/students/import', token, { csv })).status).toBe(403);
    }
    expect((await api.call('POST', '/students/import/preview', undefined, { csv })).status).toBe(401);
    expect((await api.call('POST', '/parents/import', tok.admin, { csv })).status).toBe(404);
  });
});

describe('GET /api/member/{kind}/export', () => {
  const exportCsv = (kind: string, query: string, token?: string) => rawCall(t, 'GET', `/api/member/${kind}/export?${query}`, { token });

  it('answers every row of the filtered list as CSV with a header row, formulas defused', async () => {
    await createUser(t.db, 'parent', a.adminId, { firstName: '=cmd', lastName: 'Evil, Jr', email: 'evil@exp.test' });
    for (let i = 0; i < 7; i++) await createUser(t.db, 'parent', a.adminId, { firstName: 'Many', lastName: `P${i}`, status: i !== 0 });
    const res = await exportCsv('parents', 'sortBy=last_name&orderBy=1', tok.admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="parents.csv"');
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('First Name,Last Name,Username,Email,Phone,Status,Children,Created At');
    // The school's parent, the one the import made, and the eight above.
    expect(lines).toHaveLength(1 + 10);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['Anne', "'=cmd", ...Array(7).fill('Many'), 'Parent']);
    expect(lines[2]).toMatch(/^'=cmd,"Evil, Jr",[^,]+,evil@exp.test,,Active,,\d{4}-\d{2}-\d{2}$/);
    expect(lines.find((l) => l.startsWith('Parent,Tester'))).toContain('Student Tester');

    const filtered = await exportCsv('parents', 'status=inactive&search=many', tok.admin);
    expect(filtered.text.trimEnd().split('\r\n').slice(1).map((l) => l.split(',')[1])).toEqual(['P0']);
  });

  it('exports students and teachers with their own columns, and only the teacher’s own to nobody else', async () => {
    const students = await exportCsv('students', `search=${a.student.username}`, tok.admin);
    expect(students.text.split('\r\n')[0]).toBe('First Name,Last Name,Username,Email,Phone,Status,Instruments,Teachers,Parents,Created At');
    expect(students.text.split('\r\n')[1]).toContain(',Teacher Tester,Parent Tester,');
    // The rate columns are the payroll right's (the admin's here); members-pay-rates.test.ts has the sub-admin without it.
    const teachers = await exportCsv('teachers', '', tok.admin);
    expect(teachers.text.split('\r\n')[0]).toBe('First Name,Last Name,Username,Email,Phone,Status,Instruments,Private Rate,Class/Group Rate,Students,Created At');
    expect(teachers.text.split('\r\n')[1]).toContain(',0.00,0.00,1,');
  });

  it('answers 400 on bad filters, 403 by role, 401', async () => {
    expect((await exportCsv('students', 'status=maybe', tok.admin)).status).toBe(400);
    expect((await exportCsv('students', '', tok.teacher)).status).toBe(403);
    expect((await exportCsv('subadmins', '', tok.subadmin)).status).toBe(403);
    expect((await exportCsv('students', '')).status).toBe(401);
    const other = await exportCsv('students', '', await sessionToken(t, b.admin.id));
    expect(other.text).not.toContain(a.student.username);
  });
});
