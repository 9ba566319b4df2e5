import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, type TestSchool } from '../../test/factories.js';
import { GENRE_NAMES } from '../../db/seed-demo.js';

let t: TestApp;
let a: TestSchool;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
});
afterAll(() => t.close());

describe('POST /api/genre/getgenre', () => {
  it('answers every genre by name to anyone signed in', async () => {
    const res = await t.call('POST', '/api/genre/getgenre', { token: await sessionToken(t, a.parent.id), body: {} });
    expect(res.status).toBe(200);
    const names = res.body.data.results.map((g: { name: string }) => g.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(GENRE_NAMES));
    expect(res.body.data.results[0]).toEqual({ _id: expect.any(String), name: names[0] });
    expect((await t.call('POST', '/api/genre/getgenre', { body: {} })).status).toBe(401);
  });
});
