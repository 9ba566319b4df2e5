import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import { decideReadBizArticle, decideReadLearnMore, mayReadBiz, mayWriteBiz, mayWriteLearnMore } from './my-biz.js';

const table = <T>(f: (role: Role) => T) => Object.fromEntries(ROLES.map((role) => [role, f(role)]));

describe('Build My Biz policy', () => {
  it('lets the superadmin alone write', () => {
    expect(table(mayWriteBiz)).toEqual({ superadmin: true, admin: false, subadmin: false, teacher: false, student: false, parent: false });
  });

  it('lets the office and teachers read, not students or parents', () => {
    expect(table(mayReadBiz)).toEqual({ superadmin: true, admin: true, subadmin: true, teacher: true, student: false, parent: false });
  });

  it('hides drafts from everyone but the superadmin', () => {
    expect(table((role) => decideReadBizArticle(role, { published: false }))).toEqual({
      superadmin: 'allow', admin: 'not-found', subadmin: 'not-found', teacher: 'not-found', student: 'forbidden', parent: 'forbidden',
    });
    expect(table((role) => decideReadBizArticle(role, { published: true }))).toEqual({
      superadmin: 'allow', admin: 'allow', subadmin: 'allow', teacher: 'allow', student: 'forbidden', parent: 'forbidden',
    });
  });
});

describe('Learn More policy', () => {
  it('shows a school’s page to its students and office only', () => {
    const own = (role: Role) => decideReadLearnMore({ role, adminId: role === 'superadmin' ? null : 'school-a' }, 'school-a');
    expect(table(own)).toEqual({ superadmin: 'forbidden', admin: 'allow', subadmin: 'allow', teacher: 'forbidden', student: 'allow', parent: 'forbidden' });
    expect(decideReadLearnMore({ role: 'student', adminId: 'school-b' }, 'school-a')).toBe('not-found');
    expect(decideReadLearnMore({ role: 'admin', adminId: 'school-b' }, 'school-a')).toBe('not-found');
  });

  it('lets the admin alone write the school’s text', () => {
    expect(table(mayWriteLearnMore)).toEqual({ superadmin: false, admin: true, subadmin: false, teacher: false, student: false, parent: false });
  });
});
