import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSchool, type TestSchool } from '../../test/factories.js';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { FAVOURITE_MESSAGES as M } from '../../../shared/contracts/favourites.js';

/** A student's favourite songs (issue 13): their own list, 20 a page, links that are web addresses only. */
let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let tok: Record<'student' | 'other' | 'studentB' | 'teacher' | 'parent' | 'admin', string>;

const song = (over: Record<string, unknown> = {}) => ({ title: 'Clair de Lune', artist: 'Debussy', link: 'https://example.com/clair', ...over });
const songCount = async () => Number((await t.db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`select count(*)::int as n from favourite_songs`))).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  tok = {
    student: await sessionToken(t, a.student.id), other: await sessionToken(t, a.otherStudent.id), studentB: await sessionToken(t, b.student.id),
    teacher: await sessionToken(t, a.teacher.id), parent: await sessionToken(t, a.parent.id), admin: await sessionToken(t, a.admin.id),
  };
});
afterAll(() => t.close());

describe('favourite songs', () => {
  it('saves, lists newest first 20 a page, and removes', async () => {
    const added = await t.call('POST', '/api/favourite/addFavouriteSong', { token: tok.student, body: song() });
    expect(added.body).toMatchObject({ status: 200, message: M.added, data: { title: 'Clair de Lune', artist: 'Debussy', link: 'https://example.com/clair' } });
    for (let i = 0; i < 20; i++) await t.call('POST', '/api/favourite/addFavouriteSong', { token: tok.student, body: song({ title: `Song ${i}`, link: '', artist: '' }) });
    const page1 = (await t.call('POST', '/api/favourite/getFavouriteSongs', { token: tok.student, body: {} })).body.data;
    expect(page1).toMatchObject({ totalCount: 21, limit: 20, page: 1 });
    expect(page1.results).toHaveLength(20);
    expect(page1.results[0].title).toBe('Song 19');
    const page2 = (await t.call('POST', '/api/favourite/getFavouriteSongs', { token: tok.student, body: { page: 2 } })).body.data;
    expect(page2.results.map((s: { title: string }) => s.title)).toEqual(['Clair de Lune']);
    const removed = await t.call('DELETE', '/api/favourite/removeFavouriteSong', { token: tok.student, body: { songId: added.body.data._id } });
    expect(removed.body).toMatchObject({ status: 200, message: M.removed });
    expect((await t.call('DELETE', '/api/favourite/removeFavouriteSong', { token: tok.student, body: { songId: added.body.data._id } })).status).toBe(404);
  });

  it('refuses bad input with the form’s messages and saves nothing', async () => {
    const before = await songCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', M.titleRequired],
      [{ title: 'x'.repeat(101) }, 'title', M.titleMax],
      [{ artist: 'x'.repeat(101) }, 'artist', M.artistMax],
      [{ link: 'javascript:alert(1)' }, 'link', M.linkInvalid],
      [{ link: 'ftp://example.com/song' }, 'link', M.linkInvalid],
      [{ link: 'https://localhost' }, 'link', M.linkInvalid],
      [{ link: 'https://user:pw@example.com' }, 'link', M.linkInvalid],
      [{ link: `https://example.com/${'x'.repeat(500)}` }, 'link', M.linkMax],
    ];
    for (const [over, field, message] of cases) {
      const res = await t.call('POST', '/api/favourite/addFavouriteSong', { token: tok.student, body: song(over) });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors?.[field]).toBe(message);
    }
    expect(await songCount()).toBe(before);
  });

  it('keeps each student’s songs their own: 404 for another’s, 403 to other roles, 401 signed out', async () => {
    const mine = (await t.call('POST', '/api/favourite/addFavouriteSong', { token: tok.student, body: song() })).body.data._id;
    for (const token of [tok.other, tok.studentB]) {
      expect((await t.call('DELETE', '/api/favourite/removeFavouriteSong', { token, body: { songId: mine } })).status).toBe(404);
      const list = (await t.call('POST', '/api/favourite/getFavouriteSongs', { token, body: {} })).body.data;
      expect(list.results.some((s: { _id: string }) => s._id === mine)).toBe(false);
    }
    for (const token of [tok.teacher, tok.parent, tok.admin]) {
      expect((await t.call('POST', '/api/favourite/getFavouriteSongs', { token, body: {} })).status).toBe(403);
      expect((await t.call('POST', '/api/favourite/addFavouriteSong', { token, body: song() })).status).toBe(403);
    }
    expect((await t.call('POST', '/api/favourite/getFavouriteSongs', { body: {} })).status).toBe(401);
  });
});
