import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app.js';
import { createSchool, type TestSchool } from '../../test/factories.js';
import { emailMessages, teacherGenres, teacherPayRates, users } from '../../db/schema/index.js';
import { MEMBER_MESSAGES, TEACHER_SOURCE_COLUMNS } from '../../../shared/contracts/members.js';
import { IMPORT_MESSAGES } from './import-rows.js';
import { memberCalls, membersWorld, tokensOf, type Tokens } from './test-kit.js';

// Teachers moving in (decision 095): the students import's file, mapping and preview, the add-teacher rules.
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let tok: Tokens;
let g: Record<string, string>;
let api: ReturnType<typeof memberCalls>;
// Both engines share a PostgreSQL database between runs: the tag keeps this run's emails apart.
const tag = Math.random().toString(36).slice(2, 8);
const mail = (who: string) => `${who}-${tag}@tmv.test`;

beforeAll(async () => {
  ({ t, api, a, b, tok, g } = await membersWorld());
});
afterAll(() => t.close());

const TB_HEADER = 'First Name,Last Name,Email Address,Mobile Phone,Status,Hourly Rate';
const tutorbird = (...rows: string[]) => [TB_HEADER, ...rows].join('\r\n');
const peopleWith = (emails: string[]) => t.db.transaction({ kind: 'all' }, (tx) =>
  tx.select().from(users).where(inArray(sql`lower(${users.email})`, emails.map((e) => e.toLowerCase()))));
const preview = (token: string, body: Record<string, unknown>) => api.call('POST', '/teachers/import/preview', token, body);
const run = (token: string, body: Record<string, unknown>) => api.call('POST', '/teachers/import', token, body);

describe('importing a TutorBird teachers export', () => {
  let csv = '';
  beforeAll(() => {
    csv = tutorbird(
      `Tess,Keys,${mail('tess')},,Active,40`,
      `Ivan,Old,${mail('ivan')},,Inactive,35`,
      'Nora,Nomail,,,Active,30',
      `Stu,Dent,${a.student.email},,Active,30`,
      `Tess,Twice,${mail('TESS')},,Active,30`,
    );
  });

  it('previews every row with its errors in words, and writes nothing', async () => {
    const res = await preview(tok.admin, { csv, source: 'tutorbird' });
    expect(res.status).toBe(200);
    const { rows, validCount, errorCount, skippedCount } = res.body.data;
    expect({ validCount, errorCount, skippedCount }).toEqual({ validCount: 2, errorCount: 3, skippedCount: 0 });
    expect(rows[0]).toEqual({ line: 2, first_name: 'Tess', last_name: 'Keys', email: mail('tess'), parentEmail: '', errors: {}, problems: [] });
    expect(rows[1]).toMatchObject({ line: 3, inactive: true, errors: {} });
    expect(rows[2].problems).toEqual(['Email Address: Email is Required']);
    // A student's email is taken in the school; the file's own repeat is named as such.
    expect(rows[3].problems).toEqual([`Email Address: ${MEMBER_MESSAGES.emailTaken}`]);
    expect(rows[4].errors).toMatchObject({ email: IMPORT_MESSAGES.repeatedEmail });
    expect(await peopleWith([mail('tess'), mail('ivan')])).toEqual([]);
  });

  it('imports in one transaction as teachers added by hand, and adds nobody on a second run', async () => {
    const res = await run(tok.subadmin, { csv, source: 'tutorbird' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('2 teachers imported successfully');
    const people = await peopleWith([mail('tess'), mail('ivan')]);
    const tess = people.find((p) => p.firstName === 'Tess')!;
    const ivan = people.find((p) => p.firstName === 'Ivan')!;
    expect(tess).toMatchObject({ role: 'teacher', adminId: a.adminId, username: `tess-${tag}`, status: true, passwordHash: null });
    expect(ivan).toMatchObject({ role: 'teacher', status: false });
    const rates = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(teacherPayRates).where(inArray(teacherPayRates.teacherId, [tess.id, ivan.id])));
    expect(rates.map((r) => r.rateCents)).toEqual([0, 0, 0, 0]);
    const invited = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(inArray(emailMessages.userId, [tess.id, ivan.id])));
    expect(invited.map((m) => [m.userId, m.kind])).toEqual([[tess.id, 'invitation']]);

    const again = await preview(tok.admin, { csv, source: 'tutorbird' });
    // Tess's second row has her email: she is in the school now, so it is skipped too.
    expect(again.body.data).toMatchObject({ validCount: 0, skippedCount: 3 });
    expect((await run(tok.admin, { csv, source: 'tutorbird' })).body.data).toEqual({ count: 0 });
    expect(await peopleWith([mail('tess'), mail('ivan')])).toHaveLength(2);
  });

  it("lets another school import the same file, without seeing the first school's teachers", async () => {
    const tokB = await tokensOf(t, b);
    const res = await preview(tokB.admin, { csv, source: 'tutorbird' });
    expect(res.body.data).toMatchObject({ validCount: 3, skippedCount: 0 });
  });
});

describe('our own columns, the other products and any CSV', () => {
  it('reads our columns with instruments by name, and refuses an unknown one', async () => {
    const csv = `first_name,last_name,username,email,instruments\r\nOwn,Cols,own-${tag},${mail('own')},Piano; Guitar\r\nBad,Inst,bad-${tag},${mail('bad')},Kazoo`;
    const shown = await preview(tok.admin, { csv });
    expect(shown.body.data.rows[1].problems).toEqual([`Instruments: ${IMPORT_MESSAGES.unknownInstrument('Kazoo')}`]);
    expect((await run(tok.admin, { csv })).body.data).toEqual({ count: 1 });
    const [own] = await peopleWith([mail('own')]);
    const links = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(teacherGenres).where(inArray(teacherGenres.teacherId, [own!.id])));
    expect(links.map((l) => l.genreId).sort()).toEqual([g.Piano, g.Guitar].sort());
  });

  it("reads My Music Staff's and Opus1's headers", async () => {
    for (const source of ['mymusicstaff', 'opus1'] as const) {
      const c = TEACHER_SOURCE_COLUMNS[source];
      const csv = `${c.first_name},${c.last_name},${c.email}\r\nTia,Source,${mail(source)}`;
      expect((await preview(tok.admin, { csv, source })).body.data).toMatchObject({ validCount: 1, errorCount: 0 });
    }
  });

  it('maps any CSV through the chosen columns', async () => {
    const csv = `Given,Family,E-mail\r\nMo,Mapped,${mail('mo')}`;
    const res = await run(tok.admin, { csv, source: 'custom', mapping: { first_name: 'Given', last_name: 'Family', email: 'E-mail' } });
    expect(res.body.data).toEqual({ count: 1 });
    expect((await peopleWith([mail('mo')]))[0]).toMatchObject({ role: 'teacher' });
  });

  it('answers 400 and writes nothing for a file without its headers or an unmapped file', async () => {
    const csv = `Given,Family,E-mail\r\nNo,Body,${mail('nobody')}`;
    const wrong = await run(tok.admin, { csv, source: 'tutorbird' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ csv: IMPORT_MESSAGES.sourceColumns(['First Name', 'Last Name', 'Email Address']) });
    expect((await run(tok.admin, { csv, source: 'custom' })).status).toBe(400);
    expect((await run(tok.admin, { csv: 'first_name,last_name,username,email\r\n' })).body.errors).toEqual({ csv: 'The file has no teachers' });
    expect(await peopleWith([mail('nobody')])).toEqual([]);
  });

  it('answers 403 to a teacher, a parent, a student and a private teacher, writing nothing', async () => {
    const csv = tutorbird(`Ro,Le,${mail('role')},,Active,`);
    const own = await createSchool(t.db, { addrole: 'Private teacher' });
    const privateTeacher = (await tokensOf(t, own)).admin;
    for (const token of [tok.teacher, tok.parent, tok.student, privateTeacher]) {
      expect((await preview(token, { csv, source: 'tutorbird' })).status).toBe(403);
      expect((await run(token, { csv, source: 'tutorbird' })).status).toBe(403);
    }
    expect(await peopleWith([mail('role')])).toEqual([]);
  });
});
