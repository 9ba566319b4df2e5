import { afterEach, describe, expect, it } from 'vitest';
import { permissionsOf } from '../../shared/permissions';
import { TOKEN_COOKIE, removeCookie, writeCookie } from './cookies';
import { USER_KEY, readSession } from './session';

const stored = {
  _id: 'u1', username: 'grace', email: 'grace@example.com', first_name: 'Grace', last_name: 'Chen', role: 'parent',
  addrole: null, adminId: 'a1', school_name: 'Riverside', showStore: true, allow_payroll_report: false, emailVerified: true,
};

afterEach(() => {
  removeCookie(TOKEN_COOKIE);
  localStorage.clear();
});

describe('the stored session (decision 062)', () => {
  it('gives a user stored before the server sent permissions none until /auth/me answers, not a sign-out', () => {
    writeCookie(TOKEN_COOKIE, 'tok');
    localStorage.setItem(USER_KEY, JSON.stringify(stored));
    const permissions = readSession()?.user.permissions;
    expect(permissions?.reach).toBe('self');
    expect(Object.entries(permissions ?? {}).filter(([, granted]) => granted === true)).toEqual([]);
    // Exactly the names the server sends: none missing, none made up.
    expect(Object.keys(permissions ?? {}).sort()).toEqual(Object.keys(permissionsOf({ role: 'parent', addrole: null, showStore: true })).sort());
  });

  it('keeps the permissions the server sent', () => {
    const sent = { ...permissionsOf({ role: 'parent', addrole: null, showStore: true }), buysInStore: false };
    writeCookie(TOKEN_COOKIE, 'tok');
    localStorage.setItem(USER_KEY, JSON.stringify({ ...stored, permissions: sent }));
    expect(readSession()?.user.permissions).toEqual(sent);
  });

  it('counts a permission added since the user was stored (usesFamilyCards, decision 069) as not granted, keeping the ones sent', () => {
    const { usesFamilyCards: _added, ...older } = { ...permissionsOf({ role: 'parent', addrole: null, showStore: true }), buysInStore: false };
    writeCookie(TOKEN_COOKIE, 'tok');
    localStorage.setItem(USER_KEY, JSON.stringify({ ...stored, permissions: older }));
    expect(readSession()?.user.permissions).toEqual({ ...older, usesFamilyCards: false });
  });
});
