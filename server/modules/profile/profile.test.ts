import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionToken, signIn, type TestApp } from '../../test/test-app.js';
import { createSchool, createUser, TEST_PASSWORD, type TestSchool } from '../../test/factories.js';
import { PROFILE_MESSAGES } from '../../../shared/contracts/profile.js';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth.js';

let t: TestApp;
let school: TestSchool;

beforeAll(async () => {
  t = await createTestApp();
  school = await createSchool(t.db);
});
afterAll(() => t.close());

const VALID = { cellPhone: '+12015550123', address1: '12 Harmony Lane', city: 'Portland', state: 'Oregon', postal_code: '97201' };
const getProfile = (token: string) => t.call('GET', '/api/profile/getProfile', { token });
const update = (token: string, body: unknown) => t.call('POST', '/api/profile/updateProfile', { token, body });

describe('GET /api/profile/getProfile', () => {
  it('answers the signed-in user’s own profile', async () => {
    const res = await getProfile(await sessionToken(t, school.teacher.id));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      _id: school.teacher.id, username: school.teacher.username, email: school.teacher.email,
      first_name: 'Teacher', last_name: 'Tester', role: 'teacher',
      cellPhone: '', address1: '', city: '', state: '', postal_code: '',
    });
  });

  it('works for a superadmin, who belongs to no school', async () => {
    const superadmin = await createUser(t.db, 'superadmin', null);
    const token = await sessionToken(t, superadmin.id);
    expect((await getProfile(token)).body.data).toMatchObject({ _id: superadmin.id, role: 'superadmin' });
    expect((await update(token, VALID)).status).toBe(200);
  });
});

describe('POST /api/profile/updateProfile', () => {
  it('saves the fields and answers "Profile Updated Successfully" with the profile', async () => {
    const user = await createUser(t.db, 'student', school.adminId);
    const token = await sessionToken(t, user.id);
    const res = await update(token, { ...VALID, city: '  Salt Lake City ' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile Updated Successfully');
    expect(res.body.data).toMatchObject({ ...VALID, city: 'Salt Lake City' });
    expect((await getProfile(token)).body.data).toMatchObject({ ...VALID, city: 'Salt Lake City' });
  });

  it('allows an empty cell phone', async () => {
    const token = await sessionToken(t, school.parent.id);
    const res = await update(token, { ...VALID, cellPhone: '' });
    expect(res.status).toBe(200);
    expect(res.body.data.cellPhone).toBe('');
  });

  it('changes only the signed-in user', async () => {
    const token = await sessionToken(t, school.subadmin.id);
    await update(token, { ...VALID, address1: 'Only Mine Street 1' });
    const other = await getProfile(await sessionToken(t, school.admin.id));
    expect(other.body.data.address1).not.toBe('Only Mine Street 1');
  });

  it('answers every rule with the documented message, and a refused form changes nothing', async () => {
    const user = await createUser(t.db, 'teacher', school.adminId);
    const token = await sessionToken(t, user.id);
    expect((await update(token, VALID)).status).toBe(200);
    const saved = (await getProfile(token)).body.data;
    const long = 'a'.repeat(101);
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ['address missing', { address1: '' }, { address1: PROFILE_MESSAGES.addressRequired }],
      ['address blank', { address1: '   ' }, { address1: 'Address is Required' }],
      ['address too long', { address1: long }, { address1: 'Address should allow only 100 characters.' }],
      ['city missing', { city: '' }, { city: 'City is Required' }],
      ['city too long', { city: long }, { city: 'City should allow only 100 characters.' }],
      ['city with digits', { city: 'Portland 2' }, { city: 'Should allow only alphabet characters' }],
      ['state missing', { state: '' }, { state: 'State is Required' }],
      ['state too long', { state: long }, { state: 'State should allow only 100 characters.' }],
      ['state with symbols', { state: 'Or-egon' }, { state: 'Should allow only alphabet characters' }],
      ['postal code missing', { postal_code: '' }, { postal_code: 'Postal Code is Required' }],
      ['postal code with letters', { postal_code: '97A01' }, { postal_code: 'Should allow only Numeric Value' }],
      ['postal code too long', { postal_code: '123456789' }, { postal_code: 'Should allow only Numeric Value' }],
      ['phone not a number', { cellPhone: '12345' }, { cellPhone: 'Please enter a valid phone number' }],
      ['phone with letters', { cellPhone: '+1201555CALL' }, { cellPhone: 'Please enter a valid phone number' }],
      ['phone far too long', { cellPhone: '+1201555012345678901234' }, { cellPhone: 'Please enter a valid phone number' }],
    ];
    for (const [label, change, errors] of cases) {
      const res = await update(token, { ...VALID, address1: 'Changed Road 9', ...change });
      expect(res.status, label).toBe(400);
      expect(res.body.errors, label).toEqual(errors);
      expect(res.body.message, label).toBe(Object.values(errors)[0]);
    }
    const missing = await update(token, {});
    expect(missing.body.errors).toEqual({
      address1: 'Address is Required', city: 'City is Required', state: 'State is Required', postal_code: 'Postal Code is Required',
    });
    expect((await getProfile(token)).body.data).toEqual(saved);
  });

  it('takes a national US number (default country US)', async () => {
    const token = await sessionToken(t, school.teacher.id);
    const res = await update(token, { ...VALID, cellPhone: '(201) 555-0123' });
    expect(res.status).toBe(200);
  });
});

describe('POST /api/profile/changePassword', () => {
  const change = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/profile/changePassword', { token, body });
  const NEXT = 'Second@2024pw';

  it('refuses a wrong current password on the currentPassword field, and keeps the old one', async () => {
    const user = await createUser(t.db, 'teacher', school.adminId);
    const res = await change(await sessionToken(t, user.id), { currentPassword: 'Wrong@12345', newPassword: NEXT, confirm_password: NEXT });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ currentPassword: AUTH_MESSAGES.currentPasswordWrong });
    await expect(signIn(t, user.username, TEST_PASSWORD)).resolves.toBeTruthy();
  });

  it('validates the form with the documented messages', async () => {
    const token = await sessionToken(t, school.student.id);
    expect((await change(token, { newPassword: NEXT, confirm_password: NEXT })).body.errors).toEqual({ currentPassword: AUTH_MESSAGES.currentPasswordRequired });
    expect((await change(token, { currentPassword: TEST_PASSWORD, newPassword: 'weakpassword', confirm_password: 'weakpassword' })).body.errors)
      .toEqual({ newPassword: AUTH_MESSAGES.passwordWeak });
    expect((await change(token, { currentPassword: TEST_PASSWORD, newPassword: 'Ab1!', confirm_password: 'Ab1!' })).body.errors)
      .toEqual({ newPassword: AUTH_MESSAGES.passwordMin });
    expect((await change(token, { currentPassword: TEST_PASSWORD, newPassword: NEXT, confirm_password: 'Other@2024pw' })).body.errors)
      .toEqual({ confirm_password: AUTH_MESSAGES.passwordsMatch });
  });

  it('sets the new password, ends the user’s other sessions and keeps this one', async () => {
    const user = await createUser(t.db, 'parent', school.adminId);
    const current = await sessionToken(t, user.id);
    const otherBrowser = await sessionToken(t, user.id);
    const someoneElse = await sessionToken(t, school.parent.id);
    const res = await change(current, { currentPassword: TEST_PASSWORD, newPassword: NEXT, confirm_password: NEXT });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(AUTH_MESSAGES.passwordChanged);
    expect((await t.call('GET', '/api/auth/me', { token: current })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { token: otherBrowser })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/me', { token: someoneElse })).status).toBe(200);
    await expect(signIn(t, user.username, NEXT)).resolves.toBeTruthy();
    const old = await t.call('POST', '/api/auth/local/login', { body: { username: user.username, password: TEST_PASSWORD } });
    expect(old.status).toBe(400);
  });
});
