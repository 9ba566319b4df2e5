import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { ROLES, type Role } from '../../../shared/roles.js';
import { matchRoute } from '../../../shared/routes.js';
import { HELP_MESSAGES } from '../../../shared/contracts/help.js';
import { HELP_ARTICLES } from './articles/index.js';

let t: TestApp;
let a: TestSchool;
const tokens = {} as Record<Role, string>;

const list = (role: Role, search?: string) => t.call('POST', '/api/help/getHelpArticles', { token: tokens[role], body: search === undefined ? {} : { search } });
const read = (role: Role, slug: string) => t.call('POST', '/api/help/getHelpArticle', { token: tokens[role], body: { slug } });

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  const superadmin = await createUser(t.db, 'superadmin', null);
  for (const role of ROLES) tokens[role] = await sessionToken(t, role === 'superadmin' ? superadmin.id : a[role].id);
});
afterAll(() => t.close());

describe('the articles as written', () => {
  it('have unique slugs, and each role has some', () => {
    const slugs = HELP_ARTICLES.map((x) => x.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const role of ROLES) expect(HELP_ARTICLES.filter((x) => x.roles.includes(role)).length, role).toBeGreaterThan(3);
  });

  it('link only to screens that some of their readers have', () => {
    for (const article of HELP_ARTICLES) {
      for (const link of article.links) {
        expect(article.roles.some((role) => matchRoute(role, link.path)), `${article.slug} → ${link.path}`).toBe(true);
      }
    }
  });
});

describe('POST /api/help/getHelpArticles', () => {
  it('needs a session (401)', async () => {
    expect((await t.call('POST', '/api/help/getHelpArticles', { body: {} })).status).toBe(401);
  });

  it('gives each role its own articles only', async () => {
    for (const role of ROLES) {
      const res = await list(role);
      expect(res.status).toBe(200);
      const expected = HELP_ARTICLES.filter((x) => x.roles.includes(role)).map((x) => x.slug);
      expect(res.body.data.results.map((r: { slug: string }) => r.slug), role).toEqual(expected);
      expect(res.body.data.totalCount).toBe(expected.length);
    }
    const student = (await list('student')).body.data.results.map((r: { slug: string }) => r.slug);
    expect(student).toContain('practice-timer');
    expect(student).not.toContain('invoice-a-student');
  });

  it('searches on the server: every word must match, title matches first, nothing found is an empty list', async () => {
    const timer = await list('student', 'Practice TIMER');
    expect(timer.body.data.results[0].slug).toBe('practice-timer');
    const bank = await list('admin', 'bank credit');
    expect(bank.body.data.results.map((r: { slug: string }) => r.slug)).toContain('cancel-and-bank-a-lesson');
    // The admin's invoicing article is not the student's, however well it matches.
    expect((await list('student', 'invoice')).body.data.results.map((r: { slug: string }) => r.slug)).not.toContain('invoice-a-student');
    const none = await list('parent', 'xylophone quantum');
    expect(none.body.data).toEqual({ results: [], totalCount: 0 });
  });

  it('refuses a search past its bound or with control characters (400)', async () => {
    expect((await list('admin', 'a'.repeat(101))).status).toBe(400);
    expect((await list('admin', 'bank\u0000')).status).toBe(400);
    expect((await t.call('POST', '/api/help/getHelpArticles', { token: tokens.admin, body: { search: 5 } })).status).toBe(400);
  });
});

describe('POST /api/help/getHelpArticle', () => {
  it('answers the article with its steps and the links the reader may open', async () => {
    const res = await read('parent', 'book-a-make-up');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ slug: 'book-a-make-up', title: 'Book a make-up lesson', topic: 'Scheduling' });
    expect(res.body.data.steps.length).toBeGreaterThan(2);
    // A parent has Children, not the student's Dashboard nor the calendar.
    expect(res.body.data.links.map((l: { path: string }) => l.path)).toEqual(['/member/children']);
    const student = await read('student', 'book-a-make-up');
    expect(student.body.data.links.map((l: { path: string }) => l.path)).toEqual(['/dashboard', '/scheduling/weekly']);
  });

  it('answers 404 for an unknown slug and for another role’s article', async () => {
    const unknown = await read('student', 'no-such-article');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(HELP_MESSAGES.notFound);
    const others = await read('student', 'invoice-a-student');
    expect(others.status).toBe(404);
    expect(others.body).toEqual(unknown.body);
    expect((await read('teacher', 'answer-support-requests')).status).toBe(404);
  });

  it('refuses a malformed slug (400) and needs a session (401)', async () => {
    for (const slug of ['Bad Slug', '../etc', 'a'.repeat(81), '']) expect((await read('admin', slug)).status, slug).toBe(400);
    expect((await t.call('POST', '/api/help/getHelpArticle', { body: { slug: 'chat' } })).status).toBe(401);
  });

  it('follows the role acted as in login-as', async () => {
    const asStudent = await sessionToken(t, a.student.id, { actorUserId: a.admin.id });
    const res = await t.call('POST', '/api/help/getHelpArticle', { token: asStudent, body: { slug: 'practice-timer' } });
    expect(res.status).toBe(200);
    expect((await t.call('POST', '/api/help/getHelpArticle', { token: asStudent, body: { slug: 'group-email' } })).status).toBe(404);
  });
});
