import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { genres } from '../../db/schema/index.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { createTestApp, expectCall, rawCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { COURSE_MESSAGES as M } from '../../../shared/contracts/courses.js';
import type { FileRef } from '../../../shared/contracts/library.js';
import { ATTACH_MESSAGE, tinyPdf, tinyPng } from '../library/index.js';

/**
 * A course's cover image and its lessons' attachments (issue 13): files of the Library (or one
 * uploaded for the cover), checked on the server, and opened through signed links by whoever may
 * read the course, even when the Library did not share the file with them.
 */
let t: TestApp;
let dataDir: string;
let a: TestSchool;
let b: TestSchool;
let tok: Record<'admin' | 'teacher' | 'student' | 'other' | 'adminB' | 'studentB' | 'superadmin', string>;
let piano: string;

const png = tinyPng();
const pdf = tinyPdf('Attached sheet');
const MISSING = '00000000-0000-4000-8000-000000000000';

async function upload(url: string, field: string, token: string, name: string, content: Buffer): Promise<FileRef> {
  const parts = [{ name: field, filename: name, content, type: 'application/octet-stream' }];
  const data = (await rawCall(t, 'POST', url, { token, parts, status: 200 })).json().data;
  return url.endsWith('multiplefileUpload') ? data.results[0] : data;
}
const uploadCover = (token: string, name = 'cover.png', content = png) => upload('/api/fileUpload/upload', 'fileUpload', token, name, content);
const toLibrary = (token: string, name: string, content: Buffer) => upload('/api/library/multiplefileUpload', 'uploadedImages', token, name, content);
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: unknown, status = 200) => expectCall(t, method, url, { token, body, status });
const course = (over: Record<string, unknown> = {}) => ({ title: 'Covered course', genreId: piano, level: 'beginner', ...over });
const opens = async (ref: { url: string }, bytes: Buffer) => {
  const res = await rawCall(t, 'GET', ref.url, { status: 200 });
  expect(res.body.equals(bytes)).toBe(true);
};
const counts = () => t.db.transaction({ kind: 'all' }, async (tx) => {
  const { rows } = await tx.execute(sql`select (select count(*)::int from courses) as courses, (select count(*)::int from course_lesson_files) as attachments,
    (select count(*)::int from course_lessons) as lessons`);
  return rows[0];
});

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cadenza-course-files-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  const superadmin = await createUser(t.db, 'superadmin', null);
  tok = {
    admin: await sessionToken(t, a.admin.id), teacher: await sessionToken(t, a.teacher.id), student: await sessionToken(t, a.student.id),
    other: await sessionToken(t, a.otherStudent.id), adminB: await sessionToken(t, b.admin.id), studentB: await sessionToken(t, b.student.id),
    superadmin: await sessionToken(t, superadmin.id),
  };
  piano = await t.db.transaction({ kind: 'all' }, async (tx) => (await tx.select().from(genres).where(eq(genres.name, 'Piano')))[0]!.id);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a course’s cover image', () => {
  it('takes an image uploaded for it or picked from the Library, shows it on the list and the course, and changes or drops it', async () => {
    const cover = await uploadCover(tok.teacher);
    const added = (await call('POST', '/api/course/add', tok.teacher, course({ coverFileId: cover._id }))).data;
    expect(added.cover).toMatchObject({ _id: cover._id, kind: 'image', type: 'image/png', name: 'cover.png' });
    await opens(added.cover, png);
    const listed = (await call('POST', '/api/course/list', tok.admin, { search: 'Covered course' })).data.results[0];
    expect(listed.cover._id).toBe(cover._id);

    // The office keeps the teacher's cover when it changes something else, and may pick a Library image.
    const diagram = await toLibrary(tok.admin, 'Diagram.png', png);
    const kept = (await call('POST', '/api/course/update', tok.admin, { ...course({ title: 'Renamed' }), courseId: added._id, coverFileId: cover._id })).data;
    expect(kept.cover._id).toBe(cover._id);
    const changed = (await call('POST', '/api/course/update', tok.admin, { ...course(), courseId: added._id, coverFileId: diagram._id })).data;
    expect(changed.cover._id).toBe(diagram._id);
    const none = (await call('POST', '/api/course/update', tok.admin, { ...course(), courseId: added._id, coverFileId: null })).data;
    expect(none.cover).toBeNull();
    expect((await call('POST', '/api/course/add', tok.admin, course())).data.cover).toBeNull();
  });

  it('refuses a file that is not an image, one the author may not pick, and another school’s, as an unknown id; nothing is stored', async () => {
    const sheet = await toLibrary(tok.admin, 'Sheet.pdf', pdf);
    const staffImage = await toLibrary(tok.admin, 'Staff only.png', png);
    const theirs = await uploadCover(tok.adminB);
    const before = await counts();
    const refuse = async (token: string, coverFileId: string, message: string) => {
      const res = await t.call('POST', '/api/course/add', { token, body: course({ coverFileId }) });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ coverFileId: message });
    };
    await refuse(tok.admin, sheet._id, M.coverNotImage);
    await refuse(tok.teacher, staffImage._id, ATTACH_MESSAGE);
    await refuse(tok.admin, theirs._id, ATTACH_MESSAGE);
    await refuse(tok.admin, MISSING, ATTACH_MESSAGE);
    expect(await counts()).toEqual(before);
  });

  it('goes when its file is deleted from the Library (the course stays, with the placeholder)', async () => {
    const image = await toLibrary(tok.admin, 'Short-lived.png', png);
    const c = (await call('POST', '/api/course/add', tok.admin, course({ title: 'Loses its cover', coverFileId: image._id }))).data;
    await call('DELETE', '/api/library/remove', tok.admin, { id: image._id });
    expect((await call('GET', `/api/course/view/${c._id}`, tok.admin)).data.cover).toBeNull();
  });
});

describe('a lesson’s attachments', () => {
  let courseId: string;
  let lessonId: string;
  let sheet: FileRef;
  let diagram: FileRef;

  beforeAll(async () => {
    sheet = await toLibrary(tok.admin, 'Scales.pdf', pdf);
    diagram = await toLibrary(tok.admin, 'Keys.png', png);
    courseId = (await call('POST', '/api/course/add', tok.admin, course({ title: 'With attachments' }))).data._id;
    const lesson = await call('POST', '/api/course/lesson/add', tok.admin, { courseId, title: 'Scales', attachmentIds: [sheet._id, diagram._id] });
    lessonId = lesson.data._id;
    expect(lesson.data.attachments.map((f: FileRef) => f.name)).toEqual(['Scales.pdf', 'Keys.png']);
    await call('POST', '/api/course/assign', tok.admin, { courseId, studentIds: [a.student.id] });
  });

  it('keeps them in the order given, and replaces the list on update', async () => {
    const updated = (await call('POST', '/api/course/lesson/update', tok.admin, { lessonId, title: 'Scales', attachmentIds: [diagram._id, sheet._id] })).data;
    expect(updated.attachments.map((f: FileRef) => f._id)).toEqual([diagram._id, sheet._id]);
    const view = (await call('GET', `/api/course/view/${courseId}`, tok.admin)).data;
    expect(view.lessons[0].attachments.map((f: FileRef) => f._id)).toEqual([diagram._id, sheet._id]);
    await call('POST', '/api/course/lesson/update', tok.admin, { lessonId, title: 'Scales', attachmentIds: [sheet._id, diagram._id] });
  });

  it('refuses another school’s file, a missing one, one the teacher may not attach, and a file twice; nothing changes', async () => {
    const theirs = await toLibrary(tok.adminB, 'Theirs.pdf', pdf);
    const teachers = (await call('POST', '/api/course/add', tok.teacher, course({ title: 'Teacher’s' }))).data._id;
    const before = await counts();
    const refuse = async (token: string, body: Record<string, unknown>, message: string) => {
      const res = await t.call('POST', '/api/course/lesson/add', { token, body: { title: 'Refused', ...body } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ attachmentIds: message });
    };
    await refuse(tok.admin, { courseId, attachmentIds: [sheet._id, theirs._id] }, ATTACH_MESSAGE);
    await refuse(tok.admin, { courseId, attachmentIds: [MISSING] }, ATTACH_MESSAGE);
    await refuse(tok.teacher, { courseId: teachers, attachmentIds: [sheet._id] }, ATTACH_MESSAGE);
    await refuse(tok.admin, { courseId, attachmentIds: [sheet._id, sheet._id] }, M.attachmentsTwice);
    const update = await t.call('POST', '/api/course/lesson/update', { token: tok.admin, body: { lessonId, title: 'Scales', attachmentIds: [theirs._id] } });
    expect(update.status).toBe(400);
    expect(await counts()).toEqual(before);
    expect((await call('GET', `/api/course/lesson/view/${lessonId}`, tok.admin)).data.attachments).toHaveLength(2);
  });

  it('opens them to a student given the course, though the Library never shared them; not to another student or school', async () => {
    const lesson = (await call('GET', `/api/course/lesson/view/${lessonId}`, tok.student)).data;
    expect(lesson.attachments.map((f: FileRef) => f.name)).toEqual(['Scales.pdf', 'Keys.png']);
    await opens(lesson.attachments[0], pdf);
    const download = await rawCall(t, 'GET', lesson.attachments[0].downloadUrl);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    // The course grants the lesson's files, not the Library: it stays closed to the student.
    await call('POST', '/api/library/view', tok.student, { id: sheet._id }, 404);
    expect((await call('POST', '/api/library/list', tok.student, {})).data.totalCount).toBe(0);

    await call('GET', `/api/course/lesson/view/${lessonId}`, tok.other, undefined, 404);
    await call('GET', `/api/course/view/${courseId}`, tok.other, undefined, 404);
    await call('GET', `/api/course/lesson/view/${lessonId}`, tok.studentB, undefined, 404);
  });

  it('drops an attachment whose file is deleted from the Library', async () => {
    const spare = await toLibrary(tok.admin, 'Spare.pdf', pdf);
    const l = (await call('POST', '/api/course/lesson/add', tok.admin, { courseId, title: 'Spare', attachmentIds: [spare._id] })).data;
    await call('DELETE', '/api/library/remove', tok.admin, { id: spare._id });
    expect((await call('GET', `/api/course/lesson/view/${l._id}`, tok.admin)).data.attachments).toEqual([]);
  });
});

describe('the provider’s course files', () => {
  it('come from the provider’s library and open for every school’s student given the course', async () => {
    const cover = await uploadCover(tok.superadmin, 'Theory.png');
    const handout = await toLibrary(tok.superadmin, 'Theory handout.pdf', pdf);
    const theory = (await call('POST', '/api/course/add', tok.superadmin, course({ title: 'Provider with files', coverFileId: cover._id }))).data;
    const lesson = (await call('POST', '/api/course/lesson/add', tok.superadmin, { courseId: theory._id, title: 'Intervals', attachmentIds: [handout._id] })).data;
    // A school may not attach the provider's files to its own courses.
    const mine = await t.call('POST', '/api/course/add', { token: tok.admin, body: course({ coverFileId: cover._id }) });
    expect(mine.body.errors).toEqual({ coverFileId: ATTACH_MESSAGE });

    for (const [admin, student] of [[tok.admin, tok.student], [tok.adminB, tok.studentB]] as const) {
      const listed = (await call('POST', '/api/course/list', admin, { search: 'Provider with files' })).data.results[0];
      expect(listed.cover._id).toBe(cover._id);
      const assignee = admin === tok.admin ? a.student.id : b.student.id;
      await call('POST', '/api/course/assign', admin, { courseId: theory._id, studentIds: [assignee] });
      const seen = (await call('GET', `/api/course/lesson/view/${lesson._id}`, student)).data;
      expect(seen.course.cover._id).toBe(cover._id);
      expect(seen.attachments.map((f: FileRef) => f._id)).toEqual([handout._id]);
      await opens(seen.attachments[0], pdf);
      await opens(seen.course.cover, png);
    }
    await call('GET', `/api/course/lesson/view/${lesson._id}`, tok.other, undefined, 404);
  });
});
