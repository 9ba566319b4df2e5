import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { classGroupStudents, libraryFiles, libraryShares } from '../../db/schema/index.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { createTestApp, expectCall, rawCall, sessionToken, type TestApp } from '../../test/test-app.js';
import type { Part } from '../../test/multipart.js';
import { startFakeS3 } from '../../test/fake-s3.js';
import { LIBRARY_MAX_FILE_BYTES, LIBRARY_MAX_FILES, LIBRARY_MESSAGES as M } from '../../../shared/contracts/library.js';
import { tinyPdf, tinyPng, tinyWav } from './demo/tiny-files.js';
import { assertAttachableFile, ATTACH_MESSAGE, fileRefsOf } from './index.js';

/**
 * Files and the Library (issue 13): uploads with their limits and content sniffing, the list,
 * sharing with students and classes/groups, the signed links, deleting, and who may do what.
 */
let t: TestApp;
let dataDir: string;
let a: TestSchool;
let b: TestSchool;
/** A student of A whom the teacher does not teach. */
let loner: { id: string };
let tok: Record<'admin' | 'subadmin' | 'teacher' | 'student' | 'other' | 'parent' | 'adminB' | 'studentB' | 'superadmin', string>;

const pdf = tinyPdf('Scales');
const png = tinyPng();
const file = (name: string, content: Buffer, field = 'uploadedImages', type = 'application/octet-stream'): Part => ({ name: field, filename: name, content, type });

async function upload(url: string, token: string | undefined, parts: Part[]) {
  const res = await rawCall(t, 'POST', url, { token, parts });
  return { status: res.status, body: res.json() };
}
const uploadMany = (token: string | undefined, parts: Part[]) => upload('/api/library/multiplefileUpload', token, parts);
const ok = async (method: 'POST' | 'DELETE', url: string, token: string, body: unknown) => {
  const res = await t.call(method, url, { token, body });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const get = (url: string, headers: Record<string, string> = {}) => rawCall(t, 'GET', url, { headers });
const counts = () => t.db.transaction({ kind: 'all' }, async (tx) => {
  const { rows } = await tx.execute(sql`select (select count(*)::int from library_files) as files, (select count(*)::int from library_shares) as shares`);
  return rows[0] as { files: number; shares: number };
});
const storedFiles = async () => {
  const root = join(dataDir, 'uploads');
  const dirs = await readdir(root).catch(() => [] as string[]);
  return (await Promise.all(dirs.map((d) => readdir(join(root, d))))).flat().filter((f) => !f.endsWith('.part'));
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cadenza-library-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  const superadmin = await createUser(t.db, 'superadmin', null);
  loner = await createUser(t.db, 'student', a.adminId);
  tok = {
    admin: await sessionToken(t, a.admin.id), subadmin: await sessionToken(t, a.subadmin.id), teacher: await sessionToken(t, a.teacher.id),
    student: await sessionToken(t, a.student.id), other: await sessionToken(t, a.otherStudent.id), parent: await sessionToken(t, a.parent.id),
    adminB: await sessionToken(t, b.admin.id), studentB: await sessionToken(t, b.student.id), superadmin: await sessionToken(t, superadmin.id),
  };
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('uploading several files at once', () => {
  it('stores each under a random key, decides its type from the bytes and lists the school’s files ten a page', async () => {
    const res = await uploadMany(tok.admin, [
      file('Scales.pdf', pdf), file('../../etc/keys.png', png, 'uploadedImages', 'text/html'), { name: 'folder', value: 'Piano' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 200, message: M.uploadedMany });
    expect(res.body.data.results).toMatchObject([
      { name: 'Scales.pdf', type: 'application/pdf', kind: 'pdf', size: pdf.length },
      // The path is only a name to show, and the browser's claimed type is not believed.
      { name: 'keys.png', type: 'image/png', kind: 'image', size: png.length },
    ]);
    const keys = await t.db.transaction({ kind: 'all' }, (tx) => tx.select({ key: libraryFiles.storageKey }).from(libraryFiles));
    for (const { key } of keys) expect(key).toMatch(/^[0-9a-f]{32}\/[0-9a-f]{32}$/);

    for (let i = 0; i < 10; i++) await uploadMany(tok.subadmin, [file(`Note ${i}.txt`, Buffer.from(`note ${i}\n`))]);
    const page1 = await ok('POST', '/api/library/list', tok.admin, {});
    expect(page1).toMatchObject({ page: 1, limit: 10, totalCount: 12, folders: ['Piano'] });
    expect(page1.results).toHaveLength(10);
    expect(page1.results[0]).toMatchObject({ name: 'Note 9.txt', kind: 'text', canManage: true, canShare: true, owner: { _id: a.subadmin.id } });
    const piano = await ok('POST', '/api/library/list', tok.admin, { folder: 'Piano', sortBy: 'name', orderBy: 1 });
    expect(piano.results.map((f: { name: string }) => f.name)).toEqual(['keys.png', 'Scales.pdf']);
    const images = await ok('POST', '/api/library/list', tok.admin, { kind: 'image' });
    expect(images.totalCount).toBe(1);
  });

  it('streams a file through its signed link, whole, by range, or as a download', async () => {
    const [scales] = (await ok('POST', '/api/library/list', tok.admin, { search: 'Scales' })).results;
    const whole = await get(scales.url);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.headers['content-disposition']).toContain('inline');
    expect(whole.body.equals(pdf)).toBe(true);
    const part = await get(scales.url, { range: 'bytes=0-4' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-4/${pdf.length}`);
    expect(part.text).toBe('%PDF-');
    expect((await get(scales.url, { range: `bytes=${pdf.length + 5}-` })).status).toBe(416);
    const download = await get(scales.downloadUrl);
    expect(download.headers['content-disposition']).toBe('attachment; filename="Scales.pdf"; filename*=UTF-8\'\'Scales.pdf');
  });

  it('refuses bad uploads with clear messages and stores nothing', async () => {
    const before = await counts();
    const stored = (await storedFiles()).length;
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const cases: [Part[], string][] = [
      [[file('lesson.pdf', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]))], M.typeRefused],
      [[file('notes.pdf', pdf), file('page.pdf', Buffer.concat([Buffer.from([0]), html]))], M.typeRefused],
      [[file('empty.pdf', Buffer.alloc(0))], M.empty],
      [[file('big.pdf', Buffer.concat([pdf, Buffer.alloc(LIBRARY_MAX_FILE_BYTES)]))], M.tooLarge],
      [Array.from({ length: LIBRARY_MAX_FILES + 1 }, (_, i) => file(`n${i}.pdf`, pdf)), M.tooMany],
      [[{ name: 'folder', value: 'Piano' }], M.fileRequired],
      [[file('scales.pdf', pdf, 'somethingElse')], M.fileRequired],
    ];
    for (const [parts, message] of cases) {
      const res = await uploadMany(tok.admin, parts);
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ status: 400, message, errors: { uploadedImages: message } });
    }
    const longFolder = await uploadMany(tok.admin, [file('a.pdf', pdf), { name: 'folder', value: 'x'.repeat(61) }]);
    expect(longFolder.body).toMatchObject({ status: 400, errors: { folder: M.folderMax } });
    const json = await t.call('POST', '/api/library/multiplefileUpload', { token: tok.admin, body: { uploadedImages: 'x' } });
    expect(json.body).toMatchObject({ status: 400, errors: { uploadedImages: M.fileRequired } });
    expect(await counts()).toEqual(before);
    expect((await storedFiles()).length).toBe(stored);
  });

  it('answers 401 without a session and 403 to students and parents', async () => {
    expect((await uploadMany(undefined, [file('a.pdf', pdf)])).status).toBe(401);
    expect((await uploadMany(tok.student, [file('a.pdf', pdf)])).status).toBe(403);
    expect((await uploadMany(tok.parent, [file('a.pdf', pdf)])).status).toBe(403);
    expect((await t.call('POST', '/api/library/list', { body: {} })).status).toBe(401);
    expect((await t.call('POST', '/api/library/list', { token: tok.parent, body: {} })).status).toBe(403);
  });
});

describe('POST /fileUpload/upload', () => {
  it('takes one file for one use: answered as a reference, kept out of the Library’s list', async () => {
    const before = (await ok('POST', '/api/library/list', tok.teacher, {})).totalCount;
    const res = await upload('/api/fileUpload/upload', tok.teacher, [file('cover.png', png, 'fileUpload')]);
    expect(res.body).toMatchObject({ status: 200, message: M.uploaded, data: { name: 'cover.png', type: 'image/png', kind: 'image', size: png.length } });
    expect((await get(res.body.data.url)).body.equals(png)).toBe(true);
    expect((await ok('POST', '/api/library/list', tok.teacher, {})).totalCount).toBe(before);
    const two = await upload('/api/fileUpload/upload', tok.teacher, [file('a.png', png, 'fileUpload'), file('b.png', png, 'fileUpload')]);
    expect(two.body).toMatchObject({ status: 400, errors: { fileUpload: M.tooMany } });
    expect((await upload('/api/fileUpload/upload', tok.student, [file('a.png', png, 'fileUpload')])).status).toBe(403);
    expect((await upload('/api/fileUpload/upload', undefined, [file('a.png', png, 'fileUpload')])).status).toBe(401);
  });
});

describe('sharing', () => {
  let fileId: string;
  let url: string;
  beforeAll(async () => {
    const up = await uploadMany(tok.admin, [file('Duet part.pdf', pdf)]);
    fileId = up.body.data.results[0]._id;
    url = up.body.data.results[0].url;
  });

  it('shows a file to the student it is shared with, and to no other', async () => {
    expect((await ok('POST', '/api/library/list', tok.student, {})).totalCount).toBe(0);
    expect((await t.call('POST', '/api/library/view', { token: tok.student, body: { id: fileId } })).status).toBe(404);
    const res = await t.call('POST', '/api/library/share', { token: tok.admin, body: { id: fileId, studentIds: [a.student.id] } });
    expect(res.body).toMatchObject({ status: 200, message: M.shared, data: { results: [{ student: { _id: a.student.id } }] } });
    // Sharing again changes nothing.
    await ok('POST', '/api/library/share', tok.admin, { id: fileId, studentIds: [a.student.id] });
    const list = await ok('POST', '/api/library/list', tok.student, {});
    expect(list.results).toMatchObject([{ _id: fileId, name: 'Duet part.pdf', canManage: false, canShare: false }]);
    expect((await get(list.results[0].url)).body.equals(pdf)).toBe(true);
    expect((await ok('POST', '/api/library/list', tok.other, {})).totalCount).toBe(0);
    expect((await t.call('POST', '/api/library/view', { token: tok.other, body: { id: fileId } })).status).toBe(404);
    expect((await t.call('POST', '/api/library/view', { token: tok.student, body: { id: fileId } })).body).toMatchObject({ status: 200, data: { canManage: false } });
    expect((await t.call('DELETE', '/api/library/remove', { token: tok.student, body: { id: fileId } })).body).toMatchObject({ status: 403 });
    expect((await t.call('POST', '/api/library/share', { token: tok.student, body: { id: fileId, studentIds: [a.otherStudent.id] } })).status).toBe(403);
  });

  it('shows a file shared with a class/group to its students', async () => {
    await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(classGroupStudents).values({ adminId: a.adminId, classGroupId: a.classGroupId, studentId: a.otherStudent.id }));
    await ok('POST', '/api/library/share', tok.subadmin, { id: fileId, classGroupIds: [a.classGroupId] });
    expect((await ok('POST', '/api/library/list', tok.other, {})).results.map((f: { _id: string }) => f._id)).toEqual([fileId]);
    const shares = await ok('POST', '/api/library/shares', tok.admin, { id: fileId });
    const group = shares.results.find((s: { classGroup: unknown }) => s.classGroup);
    await ok('POST', '/api/library/unshare', tok.admin, { id: fileId, shareId: group._id });
    expect((await ok('POST', '/api/library/list', tok.other, {})).totalCount).toBe(0);
  });

  it('refuses a share with nobody, or with another school’s students and groups', async () => {
    const before = await counts();
    expect((await t.call('POST', '/api/library/share', { token: tok.admin, body: { id: fileId } })).body).toMatchObject({ status: 400, errors: { studentIds: M.shareTargetRequired } });
    expect((await t.call('POST', '/api/library/share', { token: tok.admin, body: { id: fileId, studentIds: [b.student.id] } })).body)
      .toMatchObject({ status: 400, errors: { studentIds: M.studentOfSchool } });
    expect((await t.call('POST', '/api/library/share', { token: tok.admin, body: { id: fileId, studentIds: [a.teacher.id] } })).body)
      .toMatchObject({ status: 400, errors: { studentIds: M.studentOfSchool } });
    expect((await t.call('POST', '/api/library/share', { token: tok.admin, body: { id: fileId, classGroupIds: [b.classGroupId] } })).body)
      .toMatchObject({ status: 400, errors: { classGroupIds: M.groupOfSchool } });
    expect(await counts()).toEqual(before);
  });

  it('lets a teacher see staff files only once marked for teachers, and share them with their own students only', async () => {
    expect((await t.call('POST', '/api/library/view', { token: tok.teacher, body: { id: fileId } })).status).toBe(404);
    expect((await t.call('POST', '/api/library/share', { token: tok.teacher, body: { id: fileId, studentIds: [a.student.id] } })).status).toBe(404);
    await ok('POST', '/api/library/update', tok.admin, { id: fileId, name: 'Duet part.pdf', folder: 'Ensemble', sharedWithTeachers: true });
    const seen = await ok('POST', '/api/library/view', tok.teacher, { id: fileId });
    expect(seen).toMatchObject({ folder: 'Ensemble', sharedWithTeachers: true, canManage: false, canShare: true });
    // The teacher sees only the shares with their own students.
    expect((await ok('POST', '/api/library/shares', tok.teacher, { id: fileId })).results.map((s: { student: { _id: string } }) => s.student._id)).toEqual([a.student.id]);
    expect((await t.call('POST', '/api/library/share', { token: tok.teacher, body: { id: fileId, studentIds: [loner.id] } })).body)
      .toMatchObject({ status: 400, errors: { studentIds: M.ownStudents } });
    expect((await t.call('POST', '/api/library/update', { token: tok.teacher, body: { id: fileId, name: 'Mine now.pdf' } })).status).toBe(403);
    expect((await t.call('DELETE', '/api/library/remove', { token: tok.teacher, body: { id: fileId } })).status).toBe(403);

    const own = (await uploadMany(tok.teacher, [file('My warmups.pdf', pdf)])).body.data.results[0]._id;
    await ok('POST', '/api/library/share', tok.teacher, { id: own, studentIds: [a.student.id] });
    const mine = await ok('POST', '/api/library/update', tok.teacher, { id: own, name: 'Warm-ups.pdf', folder: 'Warm-ups', sharedWithTeachers: true });
    // A teacher's edit never marks a file for the other teachers.
    expect(mine).toMatchObject({ name: 'Warm-ups.pdf', folder: 'Warm-ups', sharedWithTeachers: false, canManage: true });
    await ok('DELETE', '/api/library/remove', tok.teacher, { id: own });
  });

  it('keeps another school out: 404 for every call, and a link signed for one school does not open another’s file', async () => {
    for (const [method, path, body] of [
      ['POST', '/api/library/view', { id: fileId }], ['POST', '/api/library/shares', { id: fileId }], ['POST', '/api/library/share', { id: fileId, studentIds: [b.student.id] }],
      ['POST', '/api/library/update', { id: fileId, name: 'x.pdf' }], ['DELETE', '/api/library/remove', { id: fileId }],
    ] as const) {
      expect((await t.call(method, path, { token: tok.adminB, body })).body).toMatchObject({ status: 404, message: M.notFound });
    }
    expect((await ok('POST', '/api/library/list', tok.adminB, {})).totalCount).toBe(0);
    const forged = url.replace(`school=${a.adminId}`, `school=${b.adminId}`);
    expect((await get(forged)).status).toBe(404);
    expect((await get(url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'))).status).toBe(404);
    const expired = url.replace(/exp=\d+/, 'exp=1000');
    expect((await get(expired)).json()).toMatchObject({ status: 404, message: M.linkInvalid });
  });

  it('deletes a file with its shares and its bytes', async () => {
    const shares = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(libraryShares).where(eq(libraryShares.fileId, fileId)));
    expect(shares.length).toBeGreaterThan(0);
    const res = await t.call('DELETE', '/api/library/remove', { token: tok.admin, body: { id: fileId } });
    expect(res.body).toMatchObject({ status: 200, message: M.deleted });
    expect(await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(libraryShares).where(eq(libraryShares.fileId, fileId)))).toEqual([]);
    expect((await ok('POST', '/api/library/list', tok.student, {})).results.find((f: { _id: string }) => f._id === fileId)).toBeUndefined();
    await expect.poll(async () => (await get(url)).status).toBe(404);
  });
});

describe('the provider library', () => {
  it('is the superadmin’s own: no school sees it, and it is not shared with students', async () => {
    const up = await uploadMany(tok.superadmin, [file('Provider theory.pdf', pdf)]);
    expect(up.status).toBe(200);
    const id = up.body.data.results[0]._id;
    const list = await ok('POST', '/api/library/list', tok.superadmin, {});
    expect(list.results.map((f: { _id: string }) => f._id)).toEqual([id]);
    expect(list.results[0]).toMatchObject({ canManage: true, canShare: false });
    expect((await get(list.results[0].url)).body.equals(pdf)).toBe(true);
    expect((await t.call('POST', '/api/library/view', { token: tok.admin, body: { id } })).status).toBe(404);
    expect((await t.call('POST', '/api/library/share', { token: tok.superadmin, body: { id, studentIds: [a.student.id] } })).status).toBe(403);
    await ok('DELETE', '/api/library/remove', tok.superadmin, { id });
  });
});

describe('what other modules use', () => {
  it('checks that a file may be attached and presents references', async () => {
    const own = (await uploadMany(tok.teacher, [file('Attach me.wav', tinyWav())])).body.data.results[0];
    const staff = (await uploadMany(tok.admin, [file('Staff only.pdf', pdf)])).body.data.results[0];
    const actorRows = await t.db.transaction({ kind: 'school', adminId: a.adminId }, async (tx) => {
      const actor = { id: a.teacher.id, role: 'teacher' as const, adminId: a.adminId } as Parameters<typeof assertAttachableFile>[1];
      const ref = await assertAttachableFile(tx, actor, own._id, t.services.fileLinks, 'attachmentIds');
      const refused = await assertAttachableFile(tx, actor, staff._id, t.services.fileLinks, 'attachmentIds').catch((e: { errors?: unknown }) => e.errors);
      const refs = await fileRefsOf(tx, t.services.fileLinks, [staff._id, own._id, '00000000-0000-4000-8000-000000000000']);
      return { ref, refused, refs };
    });
    expect(actorRows.ref).toMatchObject({ _id: own._id, name: 'Attach me.wav', type: 'audio/wav', kind: 'audio' });
    expect(actorRows.refused).toEqual({ attachmentIds: ATTACH_MESSAGE });
    expect(actorRows.refs.map((r) => r.name)).toEqual(['Staff only.pdf', 'Attach me.wav']);
  });
});

describe('on S3-compatible storage', () => {
  it('stores uploads in the bucket and streams them back through the signed link', async () => {
    const s3 = await startFakeS3('cadenza-files', 'AKIALIBRARY');
    const onS3 = await createTestApp({ DATA_DIR: dataDir, S3_BUCKET: 'cadenza-files', S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: 'AKIALIBRARY', S3_SECRET_ACCESS_KEY: 's3cret' }, { db: t.db });
    try {
      const res = await rawCall(onS3, 'POST', '/api/library/multiplefileUpload', { token: tok.admin, parts: [file('On S3.png', png)], status: 200 });
      const ref = res.json().data.results[0];
      expect([...s3.objects.values()].map((o) => o.contentType)).toEqual(['image/png']);
      const back = await rawCall(onS3, 'GET', ref.url);
      expect(back.body.equals(png)).toBe(true);
      expect(s3.requests.every((r) => r.authorized)).toBe(true);
      await expectCall(onS3, 'DELETE', '/api/library/remove', { token: tok.admin, body: { id: ref._id } });
      await expect.poll(() => s3.objects.size).toBe(0);
    } finally {
      await onS3.close();
      await s3.close();
    }
  });
});
