import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app.js';
import type { TestSchool } from '../../test/factories.js';
import { emailMessages, parentChildren, users } from '../../db/schema/index.js';
import { SOURCE_COLUMNS } from '../../../shared/contracts/members.js';
import { IMPORT_MESSAGES } from './import-rows.js';
import { memberCalls, membersWorld, tokensOf, type Tokens } from './test-kit.js';

// Moving in from other products (decision 094): their headers, usernames made from emails, nobody twice.
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let tok: Tokens;
let api: ReturnType<typeof memberCalls>;
// Both engines share a PostgreSQL database between runs: the tag keeps this run's emails apart.
const tag = Math.random().toString(36).slice(2, 8);
const mail = (who: string) => `${who}-${tag}@mv.test`;

beforeAll(async () => {
  ({ t, api, a, b, tok } = await membersWorld());
});
afterAll(() => t.close());

const MMS_HEADER = 'First Name,Last Name,Email,Phone,Parent First Name,Parent Last Name,Parent Email,Parent Phone,Status';
const mms = (...rows: string[]) => [MMS_HEADER, ...rows].join('\r\n');
const peopleWith = (emails: string[]) => t.db.transaction({ kind: 'all' }, (tx) =>
  tx.select().from(users).where(inArray(sql`lower(${users.email})`, emails.map((e) => e.toLowerCase()))));
const preview = (token: string, body: Record<string, unknown>) => api.call('POST', '/students/import/preview', token, body);
const run = (token: string, body: Record<string, unknown>) => api.call('POST', '/students/import', token, body);

describe('importing a My Music Staff students export', () => {
  let csv = '';
  beforeAll(() => {
    csv = mms(
      `Ada,Lovel,${mail('Ada')},,Anne,Lovel,${mail('anne')},,Active`,
      `Alan,Lovel,${mail('alan')},,Anne,Lovel,${mail('anne')},,Active`,
      `Kid,Nomail,,,Anne,Lovel,${mail('anne')},,Active`,
      'Bad,Email,not-an-email,,,,,,Active',
      // The other school's parent: another school's people are not seen, so this is a new student here.
      `Bea,Other,${b.parent.email},,,,,,Active`,
    );
  });

  it('previews every row with its line and errors, and writes nothing', async () => {
    const res = await preview(tok.admin, { csv, source: 'mymusicstaff' });
    expect(res.status).toBe(200);
    const { rows, validCount, errorCount, skippedCount } = res.body.data;
    expect({ validCount, errorCount, skippedCount }).toEqual({ validCount: 3, errorCount: 2, skippedCount: 0 });
    expect(rows.map((r: { line: number }) => r.line)).toEqual([2, 3, 4, 5, 6]);
    expect(rows[0]).toEqual({ line: 2, first_name: 'Ada', last_name: 'Lovel', email: mail('Ada'), parentEmail: mail('anne'), errors: {}, problems: [] });
    expect(rows[2].errors).toEqual({ email: 'Email is Required' });
    expect(rows[3].errors).toEqual({ email: 'Please provide a valid email address' });
    // Named as the file names the column (decision 095).
    expect(rows[3].problems).toEqual(['Email: Please provide a valid email address']);
    expect(rows[4].errors).toEqual({});
    expect(await peopleWith([mail('ada'), mail('anne')])).toEqual([]);
  });

  it('imports in one go, with usernames made from the emails and the family linked, and adds nobody on a second run', async () => {
    const res = await run(tok.subadmin, { csv, source: 'mymusicstaff' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ count: 3 });
    const people = await peopleWith([mail('ada'), mail('alan'), mail('anne'), b.parent.email]);
    const by = (email: string) => people.find((p) => p.email?.toLowerCase() === email.toLowerCase() && p.adminId === a.adminId)!;
    expect(by(mail('ada'))).toMatchObject({ role: 'student', username: `ada-${tag}`, firstName: 'Ada' });
    expect(by(mail('anne'))).toMatchObject({ role: 'parent', username: `anne-${tag}` });
    expect(by(b.parent.email)).toMatchObject({ role: 'student', adminId: a.adminId });
    // The other school's parent is untouched and still theirs.
    expect(people.find((p) => p.id === b.parent.id)).toMatchObject({ adminId: b.adminId, role: 'parent' });
    const links = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(parentChildren).where(eq(parentChildren.parentId, by(mail('anne')).id)));
    expect(links.map((l) => l.studentId).sort()).toEqual([by(mail('ada')).id, by(mail('alan')).id].sort());

    // Again, with Ada's row now without her email: she is known by name and parent.
    const again = csv.replace(`Ada,Lovel,${mail('Ada')},`, 'Ada,Lovel,,');
    const second = await preview(tok.admin, { csv: again, source: 'mymusicstaff' });
    expect(second.body.data).toMatchObject({ validCount: 0, errorCount: 2, skippedCount: 3 });
    expect(second.body.data.rows[0]).toMatchObject({ line: 2, skipped: true, errors: {} });
    expect((await run(tok.admin, { csv: again, source: 'mymusicstaff' })).body.data).toEqual({ count: 0 });
    expect(await peopleWith([mail('ada'), mail('alan'), mail('anne')])).toHaveLength(3);
  });

  it("lets another school import the same file as its own, without seeing the first school's people", async () => {
    const tokB = await tokensOf(t, b);
    const res = await preview(tokB.admin, { csv, source: 'mymusicstaff' });
    // The file's last row is B's own parent: taken in B, and nobody is skipped.
    expect(res.body.data).toMatchObject({ validCount: 2, skippedCount: 0 });
    expect(res.body.data.rows[0].errors).toEqual({});
  });
});

describe("a source's Status column", () => {
  it("brings an inactive student in inactive and uninvited, and an active one as before", async () => {
    const csv = mms(`Ina,Ctive,${mail('ina')},,,,,,Inactive`, `Act,Ive,${mail('act')},,,,,,Trial`);
    const shown = await preview(tok.admin, { csv, source: 'mymusicstaff' });
    expect(shown.body.data.rows.map((r: { inactive?: boolean }) => r.inactive)).toEqual([true, undefined]);
    expect((await run(tok.admin, { csv, source: 'mymusicstaff' })).body.data).toEqual({ count: 2 });
    const people = await peopleWith([mail('ina'), mail('act')]);
    expect(people.find((p) => p.firstName === 'Ina')).toMatchObject({ status: false, role: 'student' });
    expect(people.find((p) => p.firstName === 'Act')).toMatchObject({ status: true });
    const invited = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(inArray(emailMessages.userId, people.map((p) => p.id))));
    expect(invited.map((m) => m.userId)).toEqual([people.find((p) => p.firstName === 'Act')!.id]);
  });

  it("reads our own export's Status column the same way", async () => {
    const csv = `first_name,last_name,username,email,Status\r\nOwn,Export,own-${tag},${mail('own')},Inactive`;
    expect((await run(tok.admin, { csv })).body.data).toEqual({ count: 1 });
    expect((await peopleWith([mail('own')]))[0]).toMatchObject({ status: false });
  });
});

describe('the other products and any CSV', () => {
  it("reads TutorBird's and Opus1's headers", async () => {
    for (const source of ['tutorbird', 'opus1'] as const) {
      const c = SOURCE_COLUMNS[source];
      const csv = `${c.first_name},${c.last_name},${c.email}\r\nTia,Source,${mail(source)}`;
      const res = await preview(tok.admin, { csv, source });
      expect(res.body.data).toMatchObject({ validCount: 1, errorCount: 0, skippedCount: 0 });
    }
  });

  it('maps any CSV through the chosen columns, linking a parent already in the school', async () => {
    const csv = `Given,Family,E-mail,Guardian E-mail\r\nMo,Mapped,${mail('mo')},${a.parent.email}`;
    const mapping = { first_name: 'Given', last_name: 'Family', email: 'e-mail', parent_email: 'Guardian E-mail' };
    const res = await run(tok.admin, { csv, source: 'custom', mapping });
    expect(res.body.data).toEqual({ count: 1 });
    const [mo] = await peopleWith([mail('mo')]);
    const links = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(parentChildren).where(eq(parentChildren.studentId, mo!.id)));
    expect(links.map((l) => l.parentId)).toEqual([a.parent.id]);
  });

  it('answers 400 and writes nothing for a missing mapping, a header not in the file or an unknown source', async () => {
    const csv = `Given,Family,E-mail\r\nNo,Body,${mail('nobody')}`;
    const noMap = await run(tok.admin, { csv, source: 'custom', mapping: { first_name: 'Given' } });
    expect(noMap.status).toBe(400);
    expect(noMap.body.errors).toEqual({ mapping: 'Choose the columns of first name, last name and email' });
    const wrong = await run(tok.admin, { csv, source: 'mymusicstaff' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ csv: IMPORT_MESSAGES.sourceColumns(['First Name', 'Last Name', 'Email']) });
    expect((await run(tok.admin, { csv, source: 'excel' })).status).toBe(400);
    expect(await peopleWith([mail('nobody')])).toEqual([]);
  });

  it('answers 403 to the roles that may not import', async () => {
    const csv = mms(`Ro,Le,${mail('role')},,,,,,Active`);
    for (const token of [tok.teacher, tok.parent, tok.student]) {
      expect((await preview(token, { csv, source: 'mymusicstaff' })).status).toBe(403);
      expect((await run(token, { csv, source: 'mymusicstaff' })).status).toBe(403);
    }
    expect(await peopleWith([mail('role')])).toEqual([]);
  });
});
