import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionToken, type TestApp } from '../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../test/factories.js';
import { actorOfToken, actorsOfTokens } from './auth.js';

let t: TestApp;
let a: TestSchool;
beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
});
afterAll(() => t.close());

describe('actorsOfTokens (the chat sweep’s one statement for many sessions)', () => {
  it('answers as actorOfToken does for each token, in their order', async () => {
    const gone = await createUser(t.db, 'teacher', a.adminId, { status: false });
    const tokens = [
      await sessionToken(t, a.admin.id),
      await sessionToken(t, a.teacher.id, { expiresAt: new Date(Date.now() - 1000) }),
      'garbage',
      '',
      'x'.repeat(201),
      await sessionToken(t, gone.id),
      // Login-as: the student's session whose real person is the admin.
      await sessionToken(t, a.student.id, { actorUserId: a.admin.id }),
      await sessionToken(t, a.teacher.id),
    ];
    const batch = await actorsOfTokens(t.db, tokens, '10.0.0.1');
    const single = await Promise.all(tokens.map((token) => actorOfToken(t.db, token, '10.0.0.1')));
    expect(batch).toEqual(single);
    expect(batch.map((actor) => actor && [actor.id, actor.realUser?.id ?? null])).toEqual([
      [a.admin.id, null], null, null, null, null, null, [a.student.id, a.admin.id], [a.teacher.id, null],
    ]);
    expect(await actorsOfTokens(t.db, ['', 'garbage'], null)).toEqual([null, null]);
    expect(await actorsOfTokens(t.db, [], null)).toEqual([]);
  });
});
