import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, TEST_PASSWORD, type TestSchool } from '../../test/factories.js';
import { permissionsOf } from '../../../shared/permissions.js';

/** Decision 062: the session user carries what the viewer may do, from shared/permissions.ts. */
let t: TestApp;
let school: TestSchool;

beforeAll(async () => {
  t = await createTestApp();
  school = await createSchool(t.db);
});
afterAll(() => t.close());

describe('the session user’s permissions', () => {
  it('come with the sign-in answer', async () => {
    const res = await t.call('POST', '/api/auth/local/login', { body: { username: school.teacher.username, password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.data.user.permissions).toEqual(permissionsOf({ role: 'teacher', addrole: res.body.data.user.addrole, showStore: res.body.data.user.showStore }));
    expect(res.body.data.user.permissions).toMatchObject({ reach: 'taught', teachesOwnOnly: true, coursesWaitForApproval: true });
  });

  it('and with /auth/me', async () => {
    const res = await t.call('GET', '/api/auth/me', { token: await sessionToken(t, school.admin.id) });
    expect(res.status).toBe(200);
    expect(res.body.data.user.permissions).toMatchObject({ reach: 'school', runsSchool: true, schoolOffice: true, actsAsOthers: true });
  });
});
