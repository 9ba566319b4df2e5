import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import { decideChat, type ChatDecision, type ChatPerson } from './chat.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const person = (role: Role, school: string | null = A, id = `${role}-${school}`): ChatPerson => ({ id, role, adminId: role === 'superadmin' ? null : school });

/** Row: who writes; columns: to whom (of the same school, or the provider), not related. */
const SAME_SCHOOL: Record<Role, ChatDecision[]> = {
  //          superadmin   admin      subadmin   teacher      student      parent
  superadmin: ['forbidden', 'allow', 'forbidden', 'forbidden', 'forbidden', 'forbidden'],
  admin: ['allow', 'allow', 'allow', 'allow', 'allow', 'forbidden'],
  subadmin: ['not-found', 'allow', 'allow', 'allow', 'allow', 'forbidden'],
  teacher: ['not-found', 'allow', 'allow', 'forbidden', 'forbidden', 'forbidden'],
  student: ['not-found', 'allow', 'allow', 'forbidden', 'forbidden', 'forbidden'],
  parent: ['not-found', 'forbidden', 'forbidden', 'forbidden', 'forbidden', 'forbidden'],
};

describe('chat policy', () => {
  it('follows the matrix within a school (distinct people, not a teacher and their student)', () => {
    const table = Object.fromEntries(ROLES.map((from) => [from, ROLES.map((to) => decideChat(person(from), person(to, A, `other-${to}`), { teacherAndOwnStudent: false }))]));
    expect(table).toEqual(SAME_SCHOOL);
  });

  it('lets a teacher and their own student talk, both ways', () => {
    const facts = { teacherAndOwnStudent: true };
    expect(decideChat(person('teacher'), person('student'), facts)).toBe('allow');
    expect(decideChat(person('student'), person('teacher'), facts)).toBe('allow');
  });

  it('never reaches another school: not found, whatever the roles', () => {
    for (const from of ROLES.filter((r) => r !== 'superadmin')) {
      for (const to of ROLES.filter((r) => r !== 'superadmin')) {
        expect(decideChat(person(from, A), person(to, B), { teacherAndOwnStudent: true }), `${from} -> ${to}`).toBe('not-found');
      }
    }
  });

  it('lets the superadmin reach the admin of any school, and no one talk to themself', () => {
    expect(decideChat(person('superadmin'), person('admin', B), { teacherAndOwnStudent: false })).toBe('allow');
    const admin = person('admin');
    expect(decideChat(admin, admin, { teacherAndOwnStudent: false })).toBe('forbidden');
  });
});
