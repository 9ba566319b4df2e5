import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import extract from 'extract-zip';
import { dataExports, libraryFiles } from '../../db/schema/index.js';
import { parseCsv } from '../../lib/csv.js';
import { createTestApp, expectCall, rawCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, type TestSchool } from '../../test/factories.js';
import { createInvoice } from '../../test/invoice-factory.js';
import { cardSecretsIn } from '../../test/card-leaks.js';
import type { FileStorage } from '../../services/storage/storage.js';
import { DATA_EXPORT_MESSAGES as M } from '../../../shared/contracts/data-export.js';
import { buildDataExports, EXPORT_TABLES } from './index.js';

/**
 * The data export (issue 30, decision 092), on PGlite and PostgreSQL: what the archive holds
 * (every table, its stable columns, the files, the README), what it never holds (a card's number
 * or code, another school's rows, another family's records), who may ask and download, and the
 * job's progress. The archives are read back with extract-zip, as an owner's unzip would.
 */

/** The archive's files and their columns: changing one is a decision (092) and a new README, never a side effect. */
const COLUMNS: Record<string, string> = {
  'school.csv': 'admin_id,school_name,time_zone,working_phone,address1,city,state,postal_code,country,created_at,plan_lapsed_at',
  'users.csv': 'id,role,addrole,username,email,first_name,last_name,cell_phone,address1,city,state,postal_code,status,allow_payroll_report,notifications_on,email_verified_at,created_at,updated_at',
  'genres.csv': 'id,name',
  'student_genres.csv': 'id,student_id,genre_id,level',
  'teacher_genres.csv': 'id,teacher_id,genre_id',
  'teacher_pay_rates.csv': 'id,teacher_id,lesson_kind,rate_cents',
  'families.csv': 'id,name,created_at',
  'family_members.csv': 'id,family_id,user_id',
  'parent_children.csv': 'id,parent_id,student_id,direct',
  'class_group_students.csv': 'id,class_group_id,student_id',
  'student_teachers.csv': 'id,student_id,teacher_id',
  'class_groups.csv': 'id,name,teacher_id,created_at',
  'student_signups.csv': 'id,first_name,last_name,email,cell_phone,genres,status,student_id,plan_id,decided_by,decided_at,created_at',
  'scheduling_settings.csv': 'credit_max_held,credit_max_per_term,credit_lifetime_days,notice_hours,banked_due_hours,reminder_hours,default_lesson_minutes,teacher_back_date_days,term_starts_on,term_ends_on,day_starts_at,day_ends_at',
  'rooms.csv': 'id,room_name,capacity,created_at',
  'lesson_types.csv': 'id,name,kind,duration_minutes,created_at',
  'holidays.csv': 'id,name,starts_on,ends_on,bank_lessons,created_at',
  'lesson_series.csv': 'id,teacher_id,lesson_type_id,room_id,class_group_id,rrule,starts_local,duration_minutes,time_zone,notes,created_at',
  'lesson_series_students.csv': 'series_id,student_id',
  'lessons.csv': 'id,series_id,teacher_id,lesson_type_id,room_id,class_group_id,starts_at,ends_at,status,cancel_reason,cancelled_at,holiday_id,attendance_taken_at,notes,created_at,updated_at',
  'lesson_students.csv': 'lesson_id,student_id,attendance,marked_at,marked_by,note,note_shared',
  'makeup_credits.csv': 'id,student_id,lesson_id,expires_at,status,used_lesson_id,granted_by_hand,created_at',
  'makeup_slots.csv': 'id,teacher_id,lesson_type_id,room_id,starts_at,ends_at,capacity,lesson_id,created_by,created_at',
  'billing_settings.csv': 'currency,default_due_days,late_fee_cents,late_fee_after_days,updated_at',
  'student_plans.csv': 'id,name,price_cents,period,lessons_per_period,lesson_minutes,lesson_kind,genre_id,teacher_ids,class_group_id,description,retired_at,created_at',
  'plan_subscriptions.csv': 'id,plan_id,student_id,requested_by,status,recurring_invoice_id,starts_on,ends_on,approved_by,approved_at,cancelled_at,created_at',
  'recurring_invoices.csv': 'id,student_id,lines,discount_cents,note,frequency,day_of_month,interval_weeks,starts_on,ends_on,next_issue_on,due_days,auto_send,active,created_at',
  'invoices.csv': 'id,number,student_id,payer_id,status,currency,issued_on,due_on,subtotal_cents,discount_cents,total_cents,paid_cents,note,recurring_invoice_id,period_starts_on,late_fee_added_at,sent_at,paid_at,voided_at,void_reason,created_by,created_at,updated_at',
  'invoice_lines.csv': 'id,invoice_id,position,kind,description,quantity,unit_price_cents,amount_cents,lesson_id',
  'payments.csv': 'id,invoice_id,student_id,payer_id,kind,method,source,status,amount_cents,currency,refunded_cents,refund_of_id,gateway,test_mode,gateway_transaction_id,message,card_brand,card_last4,reference,recorded_by,created_at,settled_at',
  'autopay_settings.csv': 'student_id,enabled,updated_by,updated_at',
  'practice_assignments.csv': 'id,created_by,class_group_id,instructions,due_on,minutes_per_day,created_at,updated_at',
  'practice_assignment_students.csv': 'assignment_id,student_id',
  'practice_items.csv': 'id,assignment_id,title,artist,position',
  'practice_item_completions.csv': 'item_id,student_id,completed_at',
  'practice_sessions.csv': 'id,student_id,timer_id,practiced_on,seconds,created_at',
  'favourite_songs.csv': 'id,student_id,title,artist,link,created_at',
  'courses.csv': 'id,title,description,genre_id,level,status,reject_reason,created_by,reviewed_by,reviewed_at,cover_file_id,created_at,updated_at',
  'course_lessons.csv': 'id,course_id,position,title,body_html,video_url,created_at,updated_at',
  'course_lesson_files.csv': 'id,lesson_id,file_id,position,created_at',
  'course_assignments.csv': 'id,course_id,student_id,class_group_id,assigned_by,created_at',
  'course_lesson_completions.csv': 'id,lesson_id,student_id,completed_at',
  'library_files.csv': 'id,owner_id,name,content_type,kind,size_bytes,folder,in_library,shared_with_teachers,created_at,archive_path',
  'library_shares.csv': 'id,file_id,student_id,class_group_id,shared_by,created_at',
  'quiz_attempts.csv': 'id,quiz_id,student_id,started_at,submitted_at,timed_out,score,total,percent',
  'ear_trainer_progress.csv': 'id,student_id,item_key,label,repetitions,interval_days,ease,due_at,tries,right,updated_at',
  'store_products.csv': 'id,item_name,item_code,price_cents,shipping_cents,tax_applicable,stock,image_file_id,category_id,seller_id,created_at,archived_at',
  'store_orders.csv': 'id,store_admin_id,order_number,user_id,first_name,last_name,address1,address2,city,state,postal_code,country,phone,email,subtotal_cents,tax_rate_bp,tax_cents,shipping_cents,grand_total_cents,currency,status,payment_status,gateway,test_mode,transaction_id,card_brand,card_last4,refunded_cents,paid_at,created_at,updated_at',
  'store_order_items.csv': 'id,order_id,product_id,item_name,item_code,unit_price_cents,quantity,line_total_cents,tax_applicable,shipping_cents,created_at',
  'store_order_status_changes.csv': 'id,order_id,from_status,to_status,changed_by,created_at',
  'payrolls.csv': 'id,period_from,period_to,status,teacher_ids,created_by,created_at,approved_by,approved_at',
  'payroll_lines.csv': 'id,payroll_id,teacher_id,lesson_kind,lesson_count,rate_cents,amount_cents',
  'payroll_lessons.csv': 'id,payroll_id,line_id,lesson_id,starts_at,lesson_type_name,reason,paid',
  'payroll_adjustments.csv': 'id,payroll_id,teacher_id,kind,amount_cents,reason,created_by,created_at',
  'group_emails.csv': 'id,sender_id,subject,html_body,audience,recipient_count,unsubscribed_count,created_at',
  'communication_log.csv': 'id,user_id,kind,to_address,subject,group_email_id,status,sent_at,created_at',
  'notifications.csv': 'id,user_id,kind,title,body,link,read_at,count,created_at',
  'chat_messages.csv': 'id,sender_id,receiver_id,body,read_at,created_at',
  'email_unsubscribes.csv': 'id,user_id,created_at',
};

/** The card the parent pays with, and its code: searched for in every byte of every archive. */
const CARD = '4111111111111111';
const CODE = '913';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let tokens: Record<'adminA' | 'adminB' | 'parentA' | 'studentA' | 'otherStudentA' | 'teacherA' | 'subadminA', string>;
let work: string;
const fileBytes = { school: randomBytes(3000), parents: randomBytes(500), b: randomBytes(200) };
const fileIds: Record<keyof typeof fileBytes, string> = { school: '', parents: '', b: '' };

/** A file in the school's storage and its library row, as an upload leaves them. */
async function upload(school: TestSchool, ownerId: string, name: string, bytes: Buffer): Promise<string> {
  const key = `test/${randomBytes(8).toString('hex')}`;
  await t.services.storage.put(key, bytes, { contentType: 'application/pdf', size: bytes.length });
  const [row] = await t.db.transaction({ kind: 'school', adminId: school.adminId }, (tx) => tx.insert(libraryFiles).values({
    adminId: school.adminId, ownerId, storageKey: key, name, contentType: 'application/pdf', kind: 'pdf', sizeBytes: bytes.length,
  }).returning());
  return row!.id;
}

/** Pays an invoice of the school's student on the public pay page with the test card. */
async function payByCard(school: TestSchool) {
  const invoice = await createInvoice(t.db, school, { totalCents: 12_000 });
  await expectCall(t, 'POST', '/api/invoice/payment', {
    body: {
      cardNo: CARD, expDate: '2030-12', cardCode: CODE, firstName: 'Grace', lastName: 'Chen', email: 'grace.chen@example.test', cellPhone: '(212) 555-0163',
      address1: '48 Riverside Drive', city: 'New York', state: 'NY', postalCode: '10024', country: 'US', invoiceId: invoice.payToken,
    },
  });
  return invoice;
}

type Archive = { files: Map<string, Buffer>; csv: (name: string) => string[][] };

/** Asks for an export, lets the job build it, downloads it and unpacks it with extract-zip. */
async function exportAs(token: string, scope: 'school' | 'mine'): Promise<{ id: string; archive: Archive }> {
  const started = await expectCall(t, 'POST', '/api/dataExport/start', { token, body: { scope } });
  expect(started.data).toMatchObject({ scope, status: 'pending', percent: 0 });
  await t.services.jobs.idle();
  const latest = await expectCall(t, 'GET', '/api/dataExport/latest', { token });
  expect(latest.data).toMatchObject({ _id: started.data._id, status: 'ready', percent: 100, error: null });
  expect(latest.data.doneSteps).toBe(latest.data.totalSteps);
  const res = await rawCall(t, 'GET', `/api/dataExport/file/${started.data._id}`, { token, status: 200 });
  expect(res.headers['content-type']).toBe('application/zip');
  expect(String(res.headers['content-disposition'])).toContain(latest.data.fileName);
  expect(res.body.length).toBe(latest.data.sizeBytes);
  const dir = await mkdtemp(join(work, 'x-'));
  await writeFile(join(dir, 'archive.zip'), res.body);
  await extract(join(dir, 'archive.zip'), { dir: join(dir, 'out') });
  const files = new Map<string, Buffer>();
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else files.set(relative(join(dir, 'out'), path).split('\\').join('/'), await readFile(path));
    }
  };
  await walk(join(dir, 'out'));
  return { id: started.data._id as string, archive: { files, csv: (name) => parseCsv(files.get(name)!.toString('utf8')) } };
}

const everything = (archive: Archive) => [...archive.files.values()].map((b) => b.toString('latin1')).join('\n');
const idsIn = (archive: Archive, file: string, column: string) => {
  const [header, ...rows] = archive.csv(file);
  const at = header!.indexOf(column);
  return rows.map((r) => r[at]);
};

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'cadenza-export-test-'));
  t = await createTestApp();
  a = await createSchool(t.db, { name: 'Riverside Music' });
  b = await createSchool(t.db, { name: 'Northside Strings' });
  tokens = {
    adminA: await sessionToken(t, a.admin.id), adminB: await sessionToken(t, b.admin.id), parentA: await sessionToken(t, a.parent.id),
    studentA: await sessionToken(t, a.student.id), otherStudentA: await sessionToken(t, a.otherStudent.id),
    teacherA: await sessionToken(t, a.teacher.id), subadminA: await sessionToken(t, a.subadmin.id),
  };
  await payByCard(a);
  await createInvoice(t.db, { ...a, student: a.otherStudent }, { payerId: a.otherStudent.id, totalCents: 7_700 });
  await payByCard(b);
  fileIds.school = await upload(a, a.admin.id, 'Scales/../handout.pdf', fileBytes.school);
  fileIds.parents = await upload(a, a.parent.id, 'Consent form.pdf', fileBytes.parents);
  fileIds.b = await upload(b, b.admin.id, 'Northside secret.pdf', fileBytes.b);
  await t.services.jobs.idle();
});
afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

describe("the school's export", () => {
  let archive: Archive;
  beforeAll(async () => {
    ({ archive } = await exportAs(tokens.adminA, 'school'));
  });

  it('holds a CSV of every table with its stable columns, the README and nothing else but the files', () => {
    expect(EXPORT_TABLES.map((table) => table.file)).toEqual(Object.keys(COLUMNS));
    for (const [file, header] of Object.entries(COLUMNS)) expect(archive.files.get(file)?.toString('utf8').split('\r\n')[0], file).toBe(header);
    const others = [...archive.files.keys()].filter((name) => !(name in COLUMNS) && name !== 'README.md');
    expect(others.every((name) => name.startsWith('files/'))).toBe(true);
  });

  it('explains every file and column in its README', () => {
    const readme = archive.files.get('README.md')!.toString('utf8');
    expect(readme).toContain('Riverside Music');
    for (const table of EXPORT_TABLES) {
      expect(readme, table.file).toContain(`### ${table.file}`);
      for (const column of table.columns) expect(readme, `${table.file} ${column.name}`).toContain(`| \`${column.name}\` |`);
    }
  });

  it("holds the school's rows: its people, its invoices and the card payment by brand and last four only", () => {
    expect(idsIn(archive, 'users.csv', 'id').sort()).toEqual([a.admin, a.subadmin, a.teacher, a.student, a.otherStudent, a.parent].map((u) => u.id).sort());
    expect(idsIn(archive, 'invoices.csv', 'student_id').sort()).toEqual([a.student.id, a.otherStudent.id].sort());
    const [header, payment] = archive.csv('payments.csv');
    expect(Object.fromEntries(header!.map((h, i) => [h, payment![i]]))).toMatchObject({ method: 'card', amount_cents: '12000', card_brand: 'Visa', card_last4: '1111' });
    expect(idsIn(archive, 'school.csv', 'school_name')).toEqual(['Riverside Music']);
  });

  it('holds each uploaded file at its archive_path, byte for byte, with a name that stays inside its folder', () => {
    const paths = Object.fromEntries(archive.csv('library_files.csv').slice(1).map((r) => [r[0], r.at(-1)]));
    expect(paths[fileIds.school]).toBe(`files/${fileIds.school}/Scales_.._handout.pdf`);
    expect(archive.files.get(paths[fileIds.school]!)).toEqual(fileBytes.school);
    expect(archive.files.get(paths[fileIds.parents]!)).toEqual(fileBytes.parents);
  });

  it('holds no card number or card code anywhere', () => {
    expect(cardSecretsIn(everything(archive), { codes: [CODE] })).toEqual([]);
  });

  it('holds nothing of another school: no row, no id, no file', () => {
    const text = everything(archive);
    for (const id of [b.adminId, b.teacher.id, b.student.id, b.parent.id, fileIds.b]) expect(text).not.toContain(id);
    expect(text).not.toContain('Northside');
    expect([...archive.files.values()].some((bytes) => bytes.equals(fileBytes.b))).toBe(false);
  });
});

describe("a family's own export", () => {
  it("holds a parent's records and their children's, and no one else's", async () => {
    const { archive } = await exportAs(tokens.parentA, 'mine');
    expect(idsIn(archive, 'users.csv', 'id').sort()).toEqual([a.parent.id, a.student.id].sort());
    expect(idsIn(archive, 'invoices.csv', 'student_id')).toEqual([a.student.id]);
    expect(idsIn(archive, 'library_files.csv', 'id')).toEqual([fileIds.parents]);
    expect(archive.files.get(`files/${fileIds.parents}/Consent form.pdf`)).toEqual(fileBytes.parents);
    // The school's tables that are no family's records are not in it at all.
    for (const file of ['teacher_pay_rates.csv', 'payrolls.csv', 'student_signups.csv', 'group_emails.csv']) expect(archive.files.has(file), file).toBe(false);
    const text = everything(archive);
    for (const id of [a.otherStudent.id, a.subadmin.id, fileIds.school, b.adminId]) expect(text).not.toContain(id);
    expect(cardSecretsIn(text, { codes: [CODE] })).toEqual([]);
    expect(archive.files.get('README.md')!.toString('utf8')).toContain('your own records');
  });

  it("holds a student's own records only", async () => {
    const { archive } = await exportAs(tokens.otherStudentA, 'mine');
    expect(idsIn(archive, 'users.csv', 'id')).toEqual([a.otherStudent.id]);
    expect(idsIn(archive, 'invoices.csv', 'payer_id')).toEqual([a.otherStudent.id]);
    expect(everything(archive)).not.toContain(a.student.id);
  });
});

describe('who may ask and download', () => {
  it('refuses the school export to a sub-admin, a teacher, a student and a parent, and any export to a teacher', async () => {
    for (const who of ['subadminA', 'teacherA', 'studentA', 'parentA'] as const) {
      await expectCall(t, 'POST', '/api/dataExport/start', { token: tokens[who], body: { scope: 'school' }, status: 403 });
    }
    for (const who of ['subadminA', 'teacherA', 'adminA'] as const) {
      await expectCall(t, 'POST', '/api/dataExport/start', { token: tokens[who], body: { scope: 'mine' }, status: 403 });
    }
  });

  it('refuses an export asked for in a login-as: the archive is the person\'s own', async () => {
    const actingAsParent = await sessionToken(t, a.parent.id, { actorUserId: a.admin.id });
    const res = await expectCall(t, 'POST', '/api/dataExport/start', { token: actingAsParent, body: { scope: 'mine' }, status: 403 });
    expect(res.message).toBe(M.notInLoginAs);
  });

  it('answers a bad request with 400 and asks for nothing', async () => {
    const count = async () => (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(dataExports))).length;
    const before = await count();
    const res = await expectCall(t, 'POST', '/api/dataExport/start', { token: tokens.adminA, body: { scope: 'everything' }, status: 400 });
    expect(res.errors).toEqual({ scope: M.scopeRequired });
    expect(await count()).toBe(before);
  });

  it("gives the archive to the person who asked only: another school's admin and another person of the school get a 404", async () => {
    const [own] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(dataExports).where(eq(dataExports.requestedBy, a.admin.id)));
    for (const who of ['adminB', 'parentA', 'studentA'] as const) {
      const res = await rawCall(t, 'GET', `/api/dataExport/file/${own!.id}`, { token: tokens[who], status: 404 });
      expect(res.json().message).toBe(M.notFound);
    }
    const latestOfB = await expectCall(t, 'GET', '/api/dataExport/latest', { token: tokens.adminB });
    expect(latestOfB.data).toBeNull();
  });

  it('answers a second ask while one is under way with that one', async () => {
    const [row] = await t.db.transaction({ kind: 'school', adminId: b.adminId }, (tx) =>
      tx.insert(dataExports).values({ adminId: b.adminId, requestedBy: b.admin.id, scope: 'school', fileName: 'x.zip', status: 'running', progressAt: new Date() }).returning());
    const again = await expectCall(t, 'POST', '/api/dataExport/start', { token: tokens.adminB, body: { scope: 'school' } });
    expect(again).toMatchObject({ message: M.alreadyRunning, data: { _id: row!.id, status: 'running' } });
    await t.db.transaction({ kind: 'all' }, (tx) => tx.delete(dataExports).where(eq(dataExports.id, row!.id)));
  });
});

describe('the job', () => {
  /** The app's storage, whose reads of uploaded files wait until `release` is called. */
  function gatedStorage(): { storage: FileStorage; reached: Promise<void>; release: () => void } {
    let release!: () => void;
    let reachedNow!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const reached = new Promise<void>((r) => { reachedNow = r; });
    const inner = t.services.storage;
    return {
      reached,
      release,
      storage: {
        ...inner,
        kind: inner.kind,
        put: (key, body, meta) => inner.put(key, body, meta),
        delete: (key) => inner.delete(key),
        async get(key, range) {
          reachedNow();
          await gate;
          return inner.get(key, range);
        },
      },
    };
  }
  const pending = async (school: TestSchool, extra: Partial<typeof dataExports.$inferInsert> = {}) => {
    const [row] = await t.db.transaction({ kind: 'school', adminId: school.adminId }, (tx) =>
      tx.insert(dataExports).values({ adminId: school.adminId, requestedBy: school.admin.id, scope: 'school', fileName: 'probe.zip', ...extra }).returning());
    return row!;
  };
  const rowOf = async (id: string) => (await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(dataExports).where(eq(dataExports.id, id))))[0];
  const errors: unknown[] = [];

  it('shows its progress: the tables written, then the files, then done', async () => {
    const row = await pending(a);
    const gated = gatedStorage();
    const running = buildDataExports({ db: t.db, storage: gated.storage, onError: (_n, e) => void errors.push(e) });
    await gated.reached;
    const midway = await rowOf(row.id);
    expect(midway).toMatchObject({ status: 'running', doneSteps: EXPORT_TABLES.length, totalSteps: EXPORT_TABLES.length + 2 + 1 });
    const seen = await expectCall(t, 'GET', '/api/dataExport/latest', { token: tokens.adminA });
    expect(seen.data.percent).toBeGreaterThan(0);
    expect(seen.data.percent).toBeLessThan(100);
    gated.release();
    await running;
    expect(await rowOf(row.id)).toMatchObject({ status: 'ready', doneSteps: EXPORT_TABLES.length + 3 });
    expect(errors).toEqual([]);
  });

  it('starts again an export a stopped node left running, and removes archives past their day', async () => {
    const stale = await pending(b, { status: 'running', progressAt: new Date(Date.now() - 3_600_000), requestedBy: b.parent.id, scope: 'mine' });
    const key = `exports/${randomBytes(8).toString('hex')}`;
    await t.services.storage.put(key, Readable.from([Buffer.from('old')]), { contentType: 'application/zip', size: 3 });
    const expired = await pending(b, { status: 'ready', storageKey: key, expiresAt: new Date(Date.now() - 1000) });
    await buildDataExports({ db: t.db, storage: t.services.storage, onError: (_n, e) => void errors.push(e) });
    expect(await rowOf(stale.id)).toMatchObject({ status: 'ready' });
    expect(await rowOf(expired.id)).toBeUndefined();
    await expect(t.services.storage.get(key)).rejects.toThrow();
    expect(errors).toEqual([]);
  });

  it('marks an export failed, with words for people, when storage fails', async () => {
    const row = await pending(b);
    const broken: FileStorage = { ...t.services.storage, kind: t.services.storage.kind, get: t.services.storage.get, delete: t.services.storage.delete, put: async () => { throw new Error('disk full'); } };
    await buildDataExports({ db: t.db, storage: broken, onError: (_n, e) => void errors.push(e) });
    expect(await rowOf(row.id)).toMatchObject({ status: 'failed', error: M.failed });
    expect(errors).toHaveLength(1);
    const latest = await expectCall(t, 'GET', '/api/dataExport/latest', { token: tokens.adminB });
    expect(latest.data).toMatchObject({ status: 'failed', error: M.failed });
    const res = await rawCall(t, 'GET', `/api/dataExport/file/${row.id}`, { token: tokens.adminB, status: 409 });
    expect(res.json().message).toBe(M.notReady);
  });
});
