import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import { createTestApp, expectCall, rawCall, sessionToken, type TestApp } from '../../test/test-app.js';
import { BIZ_MESSAGES as M } from '../../../shared/contracts/my-biz.js';
import type { FileRef } from '../../../shared/contracts/library.js';
import { ATTACH_MESSAGE, tinyPdf } from '../library/index.js';

/**
 * Build My Biz (issue 17): the superadmin alone writes categories and articles; a school's office
 * and teachers read the published ones (a draft is not found to them); students and parents never.
 */
let t: TestApp;
let dataDir: string;
let a: TestSchool;
let b: TestSchool;
const tok = {} as Record<string, string>;
const MISSING = '00000000-0000-4000-8000-000000000000';
const pdf = tinyPdf('Marketing plan');

const call = (path: string, token: string | undefined, body: unknown, status = 200) => expectCall(t, 'POST', `/api/myBiz/${path}`, { token, body, status });
const counts = () => t.db.transaction({ kind: 'all' }, async (tx) => {
  const { rows } = await tx.execute(sql`select (select count(*)::int from biz_categories) as categories, (select count(*)::int from biz_articles) as articles`);
  return rows[0];
});
async function toLibrary(token: string, name: string, content: Buffer): Promise<FileRef> {
  const parts = [{ name: 'uploadedImages', filename: name, content, type: 'application/octet-stream' }];
  return (await rawCall(t, 'POST', '/api/library/multiplefileUpload', { token, parts, status: 200 })).json().data.results[0];
}

let category: string;
const article = (over: Record<string, unknown> = {}) => ({
  categoryId: category, title: 'Referral programmes', summary: 'Families bring families.',
  body: '<h2>Why</h2><p>Trust <strong>travels</strong>.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
  links: [{ label: 'Template', url: 'https://example.com/t' }], videoUrl: 'https://youtu.be/dQw4w9WgXcQ', attachmentIds: [], published: false, ...over,
});

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cadenza-my-biz-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  tok.superadmin = await sessionToken(t, (await createUser(t.db, 'superadmin', null)).id);
  for (const role of ['admin', 'subadmin', 'teacher', 'student', 'parent'] as const) tok[role] = await sessionToken(t, a[role].id);
  tok.adminB = await sessionToken(t, b.admin.id);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('categories', () => {
  it('the superadmin adds, renames and lists them; names are unique', async () => {
    const added = await call('addBizCategory', tok.superadmin, { name: 'Marketing', description: 'Grow' });
    expect(added.message).toBe(M.categoryAdded);
    category = added.data._id;
    expect(added.data).toMatchObject({ name: 'Marketing', description: 'Grow', articleCount: 0 });
    expect((await call('addBizCategory', tok.superadmin, { name: 'marketing' }, 400)).errors).toEqual({ name: M.nameTaken });
    const renamed = await call('updateBizCategory', tok.superadmin, { id: category, name: 'Marketing ideas', description: '' });
    expect(renamed.data.name).toBe('Marketing ideas');
    expect((await call('getBizCategories', tok.teacher, {})).data).toEqual([{ _id: category, name: 'Marketing ideas', description: '', articleCount: 0 }]);
  });

  it('refuses bad input with the errors by field, changing nothing', async () => {
    const before = await counts();
    expect((await call('addBizCategory', tok.superadmin, { name: '  ' }, 400)).errors).toMatchObject({ name: M.nameRequired });
    expect((await call('updateBizCategory', tok.superadmin, { id: 'nope', name: 'x'.repeat(101) }, 400)).errors).toMatchObject({ name: M.nameMax });
    expect(await counts()).toEqual(before);
  });

  it('is written by the superadmin alone, read by the office and teachers only, and needs a session', async () => {
    for (const role of ['admin', 'subadmin', 'teacher', 'student', 'parent']) {
      await call('addBizCategory', tok[role], { name: 'Mine' }, 403);
      await call('updateBizCategory', tok[role], { id: category, name: 'Mine' }, 403);
      await call('deleteBizCategory', tok[role], { id: category }, 403);
    }
    for (const role of ['student', 'parent']) await call('getBizCategories', tok[role], {}, 403);
    for (const path of ['getBizCategories', 'addBizCategory', 'updateBizCategory', 'deleteBizCategory']) await call(path, undefined, {}, 401);
    await call('updateBizCategory', tok.superadmin, { id: MISSING, name: 'Gone' }, 404);
    await call('deleteBizCategory', tok.superadmin, { id: MISSING }, 404);
  });
});

describe('articles', () => {
  let draft: string;
  let published: string;

  it('the superadmin writes a draft: the body is sanitised, links and video kept, schools do not see it', async () => {
    const res = await call('addBizArticle', tok.superadmin, article());
    expect(res.message).toBe(M.articleAdded);
    draft = res.data._id;
    expect(res.data).toMatchObject({ title: 'Referral programmes', published: false, publishedAt: null, categoryName: 'Marketing ideas', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(res.data.body).toContain('<strong>travels</strong>');
    expect(res.data.body).not.toContain('script');
    expect(res.data.body).not.toContain('javascript');
    expect((await call('getBizArticles', tok.superadmin, { categoryId: category })).data.totalCount).toBe(1);
    expect((await call('getBizArticles', tok.admin, { categoryId: category })).data).toMatchObject({ results: [], totalCount: 0, limit: 10 });
    await call('getBizArticle', tok.admin, { id: draft }, 404);
    expect((await call('getBizCategories', tok.admin, {})).data[0].articleCount).toBe(0);
  });

  it('publishes with a file of the provider’s Library, which the school’s people then open', async () => {
    const file = await toLibrary(tok.superadmin!, 'plan.pdf', pdf);
    const res = await call('addBizArticle', tok.superadmin, article({ title: 'Recital season flyers', attachmentIds: [file._id], published: true, videoUrl: '' }));
    published = res.data._id;
    expect(res.data.published).toBe(true);
    expect(res.data.attachments.map((f: FileRef) => f.name)).toEqual(['plan.pdf']);
    for (const role of ['admin', 'subadmin', 'teacher']) {
      const read = await call('getBizArticle', tok[role]!, { id: published });
      expect(read.data).toMatchObject({ title: 'Recital season flyers', videoUrl: null, links: [{ label: 'Template', url: 'https://example.com/t' }] });
      const opened = await rawCall(t, 'GET', read.data.attachments[0].url, { status: 200 });
      expect(opened.body.equals(pdf)).toBe(true);
    }
    expect((await call('getBizArticle', tok.adminB, { id: published })).data.title).toBe('Recital season flyers');
  });

  it('finds published articles by search in title, summary and text, across categories', async () => {
    expect((await call('getBizArticles', tok.admin, { search: 'flyers' })).data.results.map((r: { _id: string }) => r._id)).toEqual([published]);
    expect((await call('getBizArticles', tok.teacher, { search: 'TRAVELS' })).data.results.map((r: { _id: string }) => r._id)).toEqual([published]);
    expect((await call('getBizArticles', tok.admin, { search: 'no such words' })).data.totalCount).toBe(0);
    expect((await call('getBizArticles', tok.superadmin, { search: 'referral' })).data.results.map((r: { _id: string }) => r._id)).toEqual([draft]);
  });

  it('updates: publishing a draft shows it to schools, unpublishing hides it again', async () => {
    const up = await call('updateBizArticle', tok.superadmin, { ...article({ published: true }), id: draft });
    expect(up.message).toBe(M.articleUpdated);
    expect((await call('getBizArticle', tok.teacher, { id: draft })).data.published).toBe(true);
    await call('updateBizArticle', tok.superadmin, { ...article({ published: false }), id: draft });
    await call('getBizArticle', tok.teacher, { id: draft }, 404);
  });

  it('refuses bad input with the errors by field, changing nothing', async () => {
    const before = await counts();
    const bad = await call('addBizArticle', tok.superadmin, {
      categoryId: '', title: '', links: [{ label: '', url: 'javascript:alert(1)' }], videoUrl: 'https://example.com/v', attachmentIds: [MISSING, MISSING],
    }, 400);
    expect(bad.errors).toMatchObject({
      categoryId: M.categoryRequired, title: M.titleRequired, 'links.0.label': M.linkLabelRequired, 'links.0.url': M.linkInvalid,
      videoUrl: 'Please enter a YouTube or Vimeo video link', attachmentIds: M.attachmentsTwice,
    });
    expect((await call('addBizArticle', tok.superadmin, article({ categoryId: MISSING }), 400)).errors).toEqual({ categoryId: M.categoryNotFound });
    expect((await call('addBizArticle', tok.superadmin, article({ attachmentIds: [MISSING] }), 400)).errors).toEqual({ attachmentIds: ATTACH_MESSAGE });
    const theirs = await toLibrary(tok.admin!, 'school.pdf', pdf);
    expect((await call('addBizArticle', tok.superadmin, article({ attachmentIds: [theirs._id] }), 400)).errors).toEqual({ attachmentIds: ATTACH_MESSAGE });
    await call('getBizArticles', tok.admin, { page: 0 }, 400);
    expect(await counts()).toEqual(before);
  });

  it('is written by the superadmin alone, read by the office and teachers only, and needs a session', async () => {
    for (const role of ['admin', 'subadmin', 'teacher', 'student', 'parent']) {
      await call('addBizArticle', tok[role], article(), 403);
      await call('updateBizArticle', tok[role], { ...article(), id: published }, 403);
      await call('deleteBizArticle', tok[role], { id: published }, 403);
    }
    for (const role of ['student', 'parent']) {
      await call('getBizArticles', tok[role], {}, 403);
      await call('getBizArticle', tok[role], { id: published }, 403);
    }
    for (const path of ['getBizArticles', 'getBizArticle', 'addBizArticle', 'updateBizArticle', 'deleteBizArticle']) await call(path, undefined, {}, 401);
    await call('getBizArticle', tok.admin, { id: MISSING }, 404);
    await call('updateBizArticle', tok.superadmin, { ...article(), id: MISSING }, 404);
  });

  it('deletes an article, and a category with its articles', async () => {
    expect((await call('deleteBizArticle', tok.superadmin, { id: draft })).message).toBe(M.articleDeleted);
    await call('deleteBizArticle', tok.superadmin, { id: draft }, 404);
    expect((await call('deleteBizCategory', tok.superadmin, { id: category })).message).toBe(M.categoryDeleted);
    expect(await counts()).toEqual({ categories: 0, articles: 0 });
  });
});
