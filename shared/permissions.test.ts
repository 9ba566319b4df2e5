import { describe, expect, it } from 'vitest';
import { mayCall, permissionsOf } from './permissions.js';
import { defineRoute } from './contracts/route.js';
import { LIBRARY_ROUTES } from './contracts/library.js';
import { z } from 'zod';

const route = (roles: Parameters<typeof defineRoute>[0]['meta']['roles']) =>
  defineRoute({ method: 'GET', path: '/x', response: z.null(), meta: { roles, tags: ['x'] } });

describe('permissionsOf (decision 062)', () => {
  it('gives each role its reach', () => {
    const reachOf = (role: Parameters<typeof permissionsOf>[0]['role']) => permissionsOf({ role, addrole: null, showStore: false }).reach;
    expect(['student', 'parent', 'teacher', 'admin', 'subadmin', 'superadmin'].map((r) => reachOf(r as never)))
      .toEqual(['self', 'children', 'taught', 'school', 'school', 'provider']);
  });

  it('a private teacher teaches their own lessons and picks no teacher; a school admin picks one', () => {
    expect(permissionsOf({ role: 'admin', addrole: 'Private teacher', showStore: false })).toMatchObject({ teachesOwnOnly: true, picksTeacher: false, schoolOffice: true });
    expect(permissionsOf({ role: 'admin', addrole: 'School', showStore: false })).toMatchObject({ teachesOwnOnly: false, picksTeacher: true });
    expect(permissionsOf({ role: 'teacher', addrole: null, showStore: false })).toMatchObject({ teachesOwnOnly: true, picksTeacher: false, uploadsFiles: true });
  });

  it('the provider opens the store but does not buy; a school shows its store or not', () => {
    expect(permissionsOf({ role: 'superadmin', addrole: null, showStore: false })).toMatchObject({ opensStore: true, buysInStore: false, managesOrders: true });
    expect(permissionsOf({ role: 'student', addrole: null, showStore: true })).toMatchObject({ opensStore: true, buysInStore: true, managesOrders: false, uploadsFiles: false });
    expect(permissionsOf({ role: 'parent', addrole: null, showStore: false })).toMatchObject({ opensStore: false, buysInStore: false });
  });

  it("uploads, adds courses and is served invoice PDFs as those routes' roles say", () => {
    const roles = ['superadmin', 'admin', 'subadmin', 'teacher', 'student', 'parent'] as const;
    const whoMay = (key: 'uploadsFiles' | 'createsCourses' | 'downloadsInvoicePdf') =>
      roles.filter((role) => permissionsOf({ role, addrole: null, showStore: false })[key]);
    expect(whoMay('uploadsFiles')).toEqual(['superadmin', 'admin', 'subadmin', 'teacher']);
    expect(whoMay('createsCourses')).toEqual(['superadmin', 'admin', 'subadmin', 'teacher']);
    expect(whoMay('downloadsInvoicePdf')).toEqual(['admin', 'subadmin', 'student', 'parent']);
    // Both upload routes admit the same people, so one of them answers for both.
    expect(LIBRARY_ROUTES.uploadOne.meta.roles).toEqual(LIBRARY_ROUTES.uploadMany.meta.roles);
  });
});

describe('mayCall', () => {
  it("reads the contract's meta.roles as the guard does", () => {
    const teacher = { role: 'teacher' as const };
    expect(mayCall(route(['admin', 'teacher']), teacher)).toBe(true);
    expect(mayCall(route(['admin']), teacher)).toBe(false);
    expect(mayCall(route('signedIn'), teacher)).toBe(true);
    expect(mayCall(route('signedIn'), null)).toBe(false);
    expect(mayCall(route('public'), null)).toBe(true);
  });
});
