import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { genres, learnMorePages, teacherGenres, widgetSettings } from '../../db/schema/index.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { createTestApp, expectCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { LEARN_MORE_MESSAGES as M } from '../../../shared/contracts/learn-more.js';

/** Learn More (issue 17): a school's page for its own students; the admin writes its text. */
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
const tok = {} as Record<string, string>;

const call = (path: string, token: string | undefined, body: unknown, status = 200) => expectCall(t, 'POST', `/api/learnMore/${path}`, { token, body, status });
const aboutOf = (adminId: string) => t.db.transaction({ kind: 'all' }, async (tx) => (await tx.select().from(learnMorePages).where(eq(learnMorePages.adminId, adminId)))[0]?.about);

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db, { name: 'Alder Music' });
  b = await createSchool(t.db);
  tok.superadmin = await sessionToken(t, (await createUser(t.db, 'superadmin', null)).id);
  for (const role of ['admin', 'subadmin', 'teacher', 'student', 'parent'] as const) tok[role] = await sessionToken(t, a[role].id);
  tok.studentB = await sessionToken(t, b.student.id);
  await t.db.transaction({ kind: 'all' }, async (tx) => {
    const [flute] = await tx.select().from(genres).where(eq(genres.name, 'Flute'));
    await tx.insert(teacherGenres).values({ adminId: a.adminId, teacherId: a.teacher.id, genreId: flute!.id });
    await tx.insert(widgetSettings).values({ adminId: a.adminId, planWidget: false });
  });
});
afterAll(() => t.close());

describe('POST /api/learnMore/getLearnMore', () => {
  it('shows a student their school: about, teachers with instruments, contact and the widgets that are on', async () => {
    const res = await call('getLearnMore', tok.student, { schoolId: a.adminId });
    expect(res.data).toMatchObject({ school: { _id: a.adminId, name: 'Alder Music' }, about: '' });
    expect(res.data.teachers).toEqual([{ _id: a.teacher.id, first_name: 'Teacher', last_name: 'Tester', instruments: ['Flute'] }]);
    expect(res.data.widgets.map((w: { title: string }) => w.title)).toEqual(['Login Widget', 'Student Login Widget', 'Register Widget']);
    expect(res.data.widgets[0].path).toBe(`/widget/login/${a.adminId}`);
  });

  it('answers another school’s page as not found, and refuses roles without Learn More', async () => {
    expect((await call('getLearnMore', tok.studentB, { schoolId: a.adminId }, 404)).message).toBe(M.notFound);
    await call('getLearnMore', tok.student, { schoolId: b.adminId }, 404);
    for (const role of ['teacher', 'parent', 'superadmin']) await call('getLearnMore', tok[role], { schoolId: a.adminId }, 403);
    await call('getLearnMore', undefined, { schoolId: a.adminId }, 401);
    await call('getLearnMore', tok.student, { schoolId: 'x' }, 400);
  });
});

describe('POST /api/learnMore/updateLearnMoreAbout', () => {
  it('the admin writes the school’s text, which its students then read', async () => {
    expect((await call('updateLearnMoreAbout', tok.admin, { about: 'Music by the river.\nSince 2009.' })).message).toBe(M.saved);
    await call('updateLearnMoreAbout', tok.admin, { about: 'Music by the river.' });
    expect((await call('getLearnMore', tok.student, { schoolId: a.adminId })).data.about).toBe('Music by the river.');
    expect(await aboutOf(b.adminId)).toBeUndefined();
  });

  it('refuses bad input and other roles, changing nothing', async () => {
    expect((await call('updateLearnMoreAbout', tok.admin, { about: 'x'.repeat(5001) }, 400)).errors).toEqual({ about: M.aboutMax });
    for (const role of ['subadmin', 'teacher', 'student', 'parent', 'superadmin']) await call('updateLearnMoreAbout', tok[role], { about: 'Mine' }, 403);
    await call('updateLearnMoreAbout', undefined, { about: 'Mine' }, 401);
    expect(await aboutOf(a.adminId)).toBe('Music by the river.');
  });
});
