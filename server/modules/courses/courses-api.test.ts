import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { classGroupStudents, courseLessons, courses, emailMessages, genres, notifications, users } from '../../db/schema/index.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { createTestApp, expectCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { COURSE_MESSAGES as M } from '../../../shared/contracts/courses.js';
import { patient } from '../../../tests/patience.js';

/**
 * Courses, lessons and approval (issue 13): who sees and changes which course, the teacher's
 * course waiting for the school, reject with a reason emailed, lessons with sanitised rich text
 * and checked video links, assignment to students and classes/groups, marking done and progress.
 */
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let tok: Record<'admin' | 'subadmin' | 'teacher' | 'teacher2' | 'student' | 'other' | 'parent' | 'adminB' | 'studentB' | 'superadmin', string>;
let piano: string;

const course = (over: Record<string, unknown> = {}) => ({ title: 'Piano basics', description: 'First steps', genreId: piano, level: 'beginner', ...over });
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: unknown, status = 200) => expectCall(t, method, url, { token, body, status });
const add = async (token: string, over: Record<string, unknown> = {}) => (await call('POST', '/api/course/add', token, course(over))).data as { _id: string; status: string };
const addLesson = async (token: string, courseId: string, over: Record<string, unknown> = {}) =>
  (await call('POST', '/api/course/lesson/add', token, { courseId, title: 'Lesson', body: '<p>Play</p>', ...over })).data as { _id: string };
const db = <T>(fn: Parameters<TestApp['db']['transaction']>[1]) => t.db.transaction({ kind: 'all' }, fn) as Promise<T>;
const statusOf = async (id: string) => db<string>(async (tx) => (await tx.select().from(courses).where(eq(courses.id, id)))[0]!.status);
const titles = (data: { results: { title: string }[] }) => data.results.map((c) => c.title);

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  const superadmin = await createUser(t.db, 'superadmin', null);
  const teacher2 = await createUser(t.db, 'teacher', a.adminId);
  tok = {
    admin: await sessionToken(t, a.admin.id), subadmin: await sessionToken(t, a.subadmin.id), teacher: await sessionToken(t, a.teacher.id),
    teacher2: await sessionToken(t, teacher2.id), student: await sessionToken(t, a.student.id), other: await sessionToken(t, a.otherStudent.id),
    parent: await sessionToken(t, a.parent.id), adminB: await sessionToken(t, b.admin.id), studentB: await sessionToken(t, b.student.id),
    superadmin: await sessionToken(t, superadmin.id),
  };
  piano = await db<string>(async (tx) => (await tx.select().from(genres).where(eq(genres.name, 'Piano')))[0]!.id);
  // otherStudent belongs to the teacher's class/group: the teacher's student through it.
  await db(async (tx) => tx.insert(classGroupStudents).values({ adminId: a.adminId, classGroupId: a.classGroupId, studentId: a.otherStudent.id }));
});
afterAll(() => t.close());

describe('courses and approval', () => {
  it('approves the office’s course at once and keeps a teacher’s waiting; counts and lists the waiting ones', async () => {
    const mine = await call('POST', '/api/course/add', tok.admin, course({ title: 'Office course' }));
    expect(mine).toMatchObject({ message: M.added, data: { status: 'approved', provider: false, genre: { _id: piano, name: 'Piano' }, lessonCount: 0 } });
    const teachers = await call('POST', '/api/course/add', tok.teacher, course({ title: 'Teacher course' }));
    expect(teachers).toMatchObject({ message: M.addedWaiting, data: { status: 'waiting', canEdit: true, canReview: false } });

    const approval = (await call('POST', '/api/course/approvalList', tok.subadmin, {})).data;
    expect(titles(approval)).toEqual(['Teacher course']);
    expect(approval).toMatchObject({ approvedCount: 1, notApprovedCount: 1, totalCount: 1, limit: 8 });
    expect(approval.results[0]).toMatchObject({ canReview: true, author: { _id: a.teacher.id } });

    // Another teacher of the school does not see a waiting course; the school's approved one they do.
    expect(titles((await call('POST', '/api/course/list', tok.teacher2, {})).data)).toEqual(['Office course']);
    await call('GET', `/api/course/view/${teachers.data._id}`, tok.teacher2, undefined, 404);

    const approved = await call('POST', '/api/course/approve', tok.admin, { courseId: teachers.data._id });
    expect(approved).toMatchObject({ message: M.approved, data: { status: 'approved' } });
    const notes = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(notifications).where(eq(notifications.userId, a.teacher.id)));
    expect(notes).toMatchObject([{ kind: 'course-approved', title: 'Course approved', body: 'Your course "Teacher course" is approved.', link: `/learning/lessons/${teachers.data._id}` }]);
    expect((await t.call('POST', '/api/course/approve', { token: tok.admin, body: { courseId: teachers.data._id } })).status).toBe(409);
    expect(titles((await call('POST', '/api/course/list', tok.teacher2, {})).data)).toEqual(['Teacher course', 'Office course']);
  });

  it('rejects with a reason emailed to the teacher, and a teacher’s change sends the course back to waiting', async () => {
    const c = await add(tok.teacher, { title: 'To reject' });
    const bad = await t.call('POST', '/api/course/reject', { token: tok.admin, body: { courseId: c._id, reason: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ reason: M.reasonRequired });
    const res = await call('POST', '/api/course/reject', tok.admin, { courseId: c._id, reason: 'Please add a lesson on scales.' });
    expect(res).toMatchObject({ message: M.rejected, data: { status: 'rejected', rejectReason: 'Please add a lesson on scales.' } });
    await vi.waitFor(() => {
      const mail = t.sentEmails.find((e) => e.to === a.teacher.email && e.subject.includes('To reject'));
      expect(mail?.text).toContain('Reason: Please add a lesson on scales.');
    }, { timeout: patient(5000), interval: 20 });

    const resent = await call('POST', '/api/course/update', tok.teacher, { ...course({ title: 'To reject, fixed' }), courseId: c._id });
    expect(resent).toMatchObject({ message: M.updatedWaiting, data: { status: 'waiting', rejectReason: null } });
    await call('POST', '/api/course/approve', tok.admin, { courseId: c._id });
    // A lesson added by the teacher to the approved course sends it back too; the admin's change does not.
    const lesson = await call('POST', '/api/course/lesson/add', tok.teacher, { courseId: c._id, title: 'Scales', body: '' });
    expect(lesson.message).toBe(M.updatedWaiting);
    expect(await statusOf(c._id)).toBe('waiting');
    // The teacher turned notifications off: this approval makes none (the one before did).
    const approvalsOf = () => t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(notifications).where(eq(notifications.userId, a.teacher.id)));
    const before = (await approvalsOf()).length;
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(users).set({ notificationsOn: false }).where(eq(users.id, a.teacher.id)));
    await call('POST', '/api/course/approve', tok.admin, { courseId: c._id });
    expect(await approvalsOf()).toHaveLength(before);
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(users).set({ notificationsOn: true }).where(eq(users.id, a.teacher.id)));
    await call('POST', '/api/course/update', tok.admin, { ...course({ title: 'Admin edit' }), courseId: c._id });
    expect(await statusOf(c._id)).toBe('approved');
  });

  it('refuses bad input with field messages and changes nothing', async () => {
    const before = await db<number>(async (tx) => (await tx.select().from(courses)).length);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', M.titleRequired],
      [{ title: 'x'.repeat(101) }, 'title', M.titleMax],
      [{ genreId: '' }, 'genreId', M.instrumentRequired],
      [{ level: 'expert' }, 'level', M.levelRequired],
      [{ description: 'x'.repeat(2001) }, 'description', M.descriptionMax],
    ];
    for (const [over, field, message] of cases) {
      const res = await t.call('POST', '/api/course/add', { token: tok.admin, body: course(over) });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors?.[field]).toBe(message);
    }
    const unknownGenre = await t.call('POST', '/api/course/add', { token: tok.admin, body: course({ genreId: '00000000-0000-4000-8000-000000000000' }) });
    expect(unknownGenre.body.errors).toEqual({ genreId: M.instrumentUnknown });
    expect(await db<number>(async (tx) => (await tx.select().from(courses)).length)).toBe(before);
  });

  it('answers 403 by role and 404 for another school’s course', async () => {
    for (const token of [tok.student, tok.parent]) expect((await t.call('POST', '/api/course/add', { token, body: course() })).status).toBe(403);
    expect((await t.call('POST', '/api/course/list', { token: tok.parent, body: {} })).status).toBe(403);
    for (const token of [tok.teacher, tok.student, tok.superadmin]) {
      expect((await t.call('POST', '/api/course/approvalList', { token, body: {} })).status).toBe(403);
    }
    const theirs = await add(tok.adminB, { title: 'B course' });
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [theirs._id, missing]) {
      expect((await t.call('GET', `/api/course/view/${id}`, { token: tok.admin })).status).toBe(404);
      expect((await t.call('POST', '/api/course/update', { token: tok.admin, body: { ...course(), courseId: id } })).status).toBe(404);
      expect((await t.call('POST', '/api/course/approve', { token: tok.admin, body: { courseId: id } })).status).toBe(404);
      expect((await t.call('POST', '/api/course/lesson/add', { token: tok.admin, body: { courseId: id, title: 'x' } })).status).toBe(404);
      expect((await t.call('POST', '/api/course/assign', { token: tok.admin, body: { courseId: id, studentIds: [a.student.id] } })).status).toBe(404);
    }
    expect(titles((await call('POST', '/api/course/list', tok.admin, { search: 'B course' })).data)).toEqual([]);
    // A teacher may not change the office's course they can see.
    const office = await add(tok.admin, { title: 'Office only' });
    expect((await t.call('POST', '/api/course/update', { token: tok.teacher, body: { ...course(), courseId: office._id } })).status).toBe(403);
    expect((await t.call('POST', '/api/course/approve', { token: tok.teacher, body: { courseId: office._id } })).status).toBe(403);
  });

  it('pages the list eight at a time, newest first', async () => {
    const school = await createSchool(t.db);
    const token = await sessionToken(t, school.admin.id);
    for (let i = 0; i < 9; i++) await add(token, { title: `Course ${i}` });
    const page1 = (await call('POST', '/api/course/list', token, {})).data;
    expect(page1).toMatchObject({ totalCount: 9, limit: 8, page: 1 });
    expect(page1.results[0].title).toBe('Course 8');
    expect(titles((await call('POST', '/api/course/list', token, { page: 2 })).data)).toEqual(['Course 0']);
  });
});

describe('the provider’s courses', () => {
  it('are open to every school, read only, and can be assigned there', async () => {
    const theory = await add(tok.superadmin, { title: 'Provider theory' });
    expect(theory.status).toBe('approved');
    await addLesson(tok.superadmin, theory._id, { title: 'Notes' });
    for (const token of [tok.admin, tok.adminB, tok.teacher]) {
      const list = (await call('POST', '/api/course/list', token, { search: 'Provider theory' })).data;
      expect(list.results[0]).toMatchObject({ provider: true, canEdit: false, lessonCount: 1 });
    }
    expect((await t.call('POST', '/api/course/update', { token: tok.admin, body: { ...course(), courseId: theory._id } })).status).toBe(403);
    expect((await t.call('POST', '/api/course/lesson/add', { token: tok.admin, body: { courseId: theory._id, title: 'x' } })).status).toBe(403);
    // The superadmin's list is the provider's own courses.
    const school = await add(tok.admin, { title: 'Not the provider’s' });
    expect((await t.call('GET', `/api/course/view/${school._id}`, { token: tok.superadmin })).status).toBe(404);

    await call('POST', '/api/course/assign', tok.admin, { courseId: theory._id, studentIds: [a.student.id] });
    await call('POST', '/api/course/assign', tok.adminB, { courseId: theory._id, studentIds: [b.student.id] });
    const view = (await call('GET', `/api/course/view/${theory._id}`, tok.student)).data;
    await call('POST', '/api/course/lesson/markDone', tok.student, { lessonId: view.lessons[0]._id, done: true });
    // Each school sees only its own part of the progress.
    const progress = (await call('POST', '/api/course/progress', tok.adminB, { courseId: theory._id })).data;
    expect(progress.students).toEqual([expect.objectContaining({ student: expect.objectContaining({ _id: b.student.id }), doneCount: 0 })]);
    expect(progress.assignments).toHaveLength(1);
  });
});

describe('lessons', () => {
  it('adds, sanitises rich text, checks video links, reorders and deletes', async () => {
    const c = await add(tok.admin, { title: 'With lessons' });
    const first = await call('POST', '/api/course/lesson/add', tok.admin, {
      courseId: c._id, title: 'One',
      body: '<p onclick="steal()">Hello <strong>there</strong><script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://example.com">ok</a></p><iframe src="https://evil.example"></iframe>',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(first.message).toBe(M.lessonAdded);
    expect(first.data.body).toBe('<p>Hello <strong>there</strong><a target="_blank" rel="noopener noreferrer nofollow">x</a><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">ok</a></p>');
    expect(first.data.embedUrl).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0');
    const stored = await db<string>(async (tx) => (await tx.select().from(courseLessons).where(eq(courseLessons.id, first.data._id)))[0]!.bodyHtml);
    expect(stored).not.toMatch(/script|onclick|javascript|iframe/);

    for (const videoUrl of ['https://example.com/video', 'javascript:alert(1)', 'https://youtube.com/watch?v=short']) {
      const res = await t.call('POST', '/api/course/lesson/add', { token: tok.admin, body: { courseId: c._id, title: 'Bad video', videoUrl } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ videoUrl: M.videoInvalid });
    }
    const vimeo = await addLesson(tok.admin, c._id, { title: 'Two', videoUrl: 'https://vimeo.com/76979871' });
    const third = await addLesson(tok.admin, c._id, { title: 'Three' });
    const view = (await call('GET', `/api/course/view/${c._id}`, tok.admin)).data;
    expect(view.lessons.map((l: { title: string }) => l.title)).toEqual(['One', 'Two', 'Three']);
    expect(view.lessons[1].embedUrl).toBe('https://player.vimeo.com/video/76979871?dnt=1');

    const reordered = await call('POST', '/api/course/lesson/reorder', tok.admin, { courseId: c._id, lessonIds: [third._id, first.data._id, vimeo._id] });
    expect(reordered.data.lessons.map((l: { title: string }) => l.title)).toEqual(['Three', 'One', 'Two']);
    const partial = await t.call('POST', '/api/course/lesson/reorder', { token: tok.admin, body: { courseId: c._id, lessonIds: [third._id] } });
    expect(partial.status).toBe(400);
    expect(partial.body.errors).toEqual({ lessonIds: M.reorderMismatch });

    const updated = await call('POST', '/api/course/lesson/update', tok.admin, { lessonId: third._id, title: 'Three again', body: '<h1>Big</h1>', videoUrl: '' });
    expect(updated.data).toMatchObject({ title: 'Three again', body: '<h2>Big</h2>', videoUrl: null, embedUrl: null });
    const details = (await call('GET', `/api/course/lesson/view/${first.data._id}`, tok.admin)).data;
    expect(details).toMatchObject({ previousId: third._id, nextId: vimeo._id, course: { _id: c._id } });
    await call('DELETE', '/api/course/lesson/remove', tok.admin, { lessonId: vimeo._id });
    expect((await call('GET', `/api/course/view/${c._id}`, tok.admin)).data.lessons).toHaveLength(2);
    // Another school's lesson is not found; a teacher may not change the office's lesson.
    expect((await t.call('GET', `/api/course/lesson/view/${first.data._id}`, { token: tok.adminB })).status).toBe(404);
    expect((await t.call('POST', '/api/course/lesson/update', { token: tok.adminB, body: { lessonId: first.data._id, title: 'x' } })).status).toBe(404);
    expect((await t.call('DELETE', '/api/course/lesson/remove', { token: tok.teacher, body: { lessonId: first.data._id } })).status).toBe(403);
  });
});

describe('assignment, students and progress', () => {
  it('gives courses to students and groups; students see only approved ones given to them and mark lessons done; teachers see their own students', async () => {
    const approved = await add(tok.teacher, { title: 'Given course' });
    const l1 = await addLesson(tok.teacher, approved._id, { title: 'L1' });
    const l2 = await addLesson(tok.teacher, approved._id, { title: 'L2' });
    // The teacher assigns it to their student and their group while it still waits.
    await call('POST', '/api/course/assign', tok.teacher, { courseId: approved._id, studentIds: [a.student.id], classGroupIds: [a.classGroupId] });
    expect((await call('POST', '/api/course/list', tok.student, { search: 'Given course' })).data.results).toEqual([]);
    await call('GET', `/api/course/view/${approved._id}`, tok.student, undefined, 404);
    await call('POST', '/api/course/approve', tok.admin, { courseId: approved._id });

    const mine = (await call('POST', '/api/course/list', tok.student, { search: 'Given course' })).data.results;
    expect(mine).toEqual([expect.objectContaining({ canEdit: false, canAssign: false })]);
    // Through the class/group.
    expect((await call('POST', '/api/course/list', tok.other, { search: 'Given course' })).data.totalCount).toBe(1);
    const done = await call('POST', '/api/course/lesson/markDone', tok.student, { lessonId: l1._id, done: true });
    expect(done).toMatchObject({ message: M.markedDone, data: { done: true } });
    await call('POST', '/api/course/lesson/markDone', tok.student, { lessonId: l1._id, done: true });
    const view = (await call('GET', `/api/course/view/${approved._id}`, tok.student)).data;
    expect(view.lessons.map((l: { done: boolean }) => l.done)).toEqual([true, false]);
    expect((await call('GET', `/api/course/lesson/view/${l2._id}`, tok.student)).data).toMatchObject({ done: false, previousId: l1._id });

    // Marking: students only; a course not given to them is not found.
    expect((await t.call('POST', '/api/course/lesson/markDone', { token: tok.teacher, body: { lessonId: l1._id, done: true } })).status).toBe(403);
    const notGiven = await add(tok.admin, { title: 'Not given' });
    const hidden = await addLesson(tok.admin, notGiven._id);
    expect((await t.call('POST', '/api/course/lesson/markDone', { token: tok.student, body: { lessonId: hidden._id, done: true } })).status).toBe(404);
    expect((await t.call('POST', '/api/course/lesson/markDone', { token: tok.studentB, body: { lessonId: l1._id, done: true } })).status).toBe(404);

    const progress = (await call('POST', '/api/course/progress', tok.admin, { courseId: approved._id })).data;
    expect(progress.lessonCount).toBe(2);
    expect(progress.assignments).toHaveLength(2);
    const byStudent = Object.fromEntries(progress.students.map((s: { student: { _id: string }; doneLessonIds: string[] }) => [s.student._id, s.doneLessonIds]));
    expect(byStudent).toEqual({ [a.student.id]: [l1._id], [a.otherStudent.id]: [] });
    // The teacher's view: their own students only (the admin adds one who is not theirs).
    const stranger = await createUser(t.db, 'student', a.adminId);
    await call('POST', '/api/course/assign', tok.admin, { courseId: approved._id, studentIds: [stranger.id] });
    const teacherView = (await call('POST', '/api/course/progress', tok.teacher, { courseId: approved._id })).data;
    expect(teacherView.students.map((s: { student: { _id: string } }) => s.student._id).sort()).toEqual([a.student.id, a.otherStudent.id].sort());
    expect((await call('POST', '/api/course/progress', tok.admin, { courseId: approved._id })).data.students).toHaveLength(3);
    for (const token of [tok.student, tok.parent, tok.superadmin]) {
      expect((await t.call('POST', '/api/course/progress', { token, body: { courseId: approved._id } })).status).toBe(403);
    }

    // A teacher assigns only their own people; another school's student answers as an unknown one.
    for (const studentId of [stranger.id, b.student.id]) {
      const res = await t.call('POST', '/api/course/assign', { token: tok.teacher, body: { courseId: approved._id, studentIds: [studentId] } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ studentIds: M.studentsOfYours });
    }
    const nobody = await t.call('POST', '/api/course/assign', { token: tok.admin, body: { courseId: approved._id } });
    expect(nobody.body.errors).toEqual({ studentIds: M.assignNobody });
    // Taking an assignment back: a teacher not on someone else's; the admin may.
    const strangerAssignment = (await call('POST', '/api/course/progress', tok.admin, { courseId: approved._id })).data.assignments
      .find((x: { student: { _id: string } | null }) => x.student?._id === stranger.id);
    expect((await t.call('DELETE', '/api/course/unassign', { token: tok.teacher, body: { assignmentId: strangerAssignment._id } })).status).toBe(403);
    expect((await t.call('DELETE', '/api/course/unassign', { token: tok.adminB, body: { assignmentId: strangerAssignment._id } })).status).toBe(404);
    const after = await call('DELETE', '/api/course/unassign', tok.admin, { assignmentId: strangerAssignment._id });
    expect(after.data.students).toHaveLength(2);

    // A teacher's change sends it back to waiting: the students no longer see it.
    await call('POST', '/api/course/lesson/update', tok.teacher, { lessonId: l2._id, title: 'L2 again' });
    expect((await call('POST', '/api/course/list', tok.student, { search: 'Given course' })).data.totalCount).toBe(0);
  });

  it('deletes a course with its lessons, assignments and marks', async () => {
    const c = await add(tok.admin, { title: 'Short lived' });
    await addLesson(tok.admin, c._id);
    await call('POST', '/api/course/assign', tok.admin, { courseId: c._id, studentIds: [a.student.id] });
    expect((await t.call('DELETE', '/api/course/remove', { token: tok.teacher, body: { courseId: c._id } })).status).toBe(403);
    await call('DELETE', '/api/course/remove', tok.subadmin, { courseId: c._id });
    const left = await db<number>(async (tx) => Number((await tx.execute(sql`select count(*) as n from course_lessons l where l.course_id = ${c._id}`)).rows[0]!.n));
    expect(left).toBe(0);
    expect((await t.call('GET', `/api/course/view/${c._id}`, { token: tok.admin })).status).toBe(404);
  });
});

describe('emails', () => {
  it('stores the rejection email in the school’s outbox', async () => {
    const rows = await db<{ kind: string }[]>(async (tx) => tx.select().from(emailMessages).where(eq(emailMessages.kind, 'course-rejected')));
    expect(rows.length).toBeGreaterThan(0);
  });
});
