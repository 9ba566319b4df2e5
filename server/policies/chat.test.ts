import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import { decideChat, type ChatDecision, type ChatFacts, type ChatPerson } from './chat.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const person = (role: Role, school: string | null = A, id = `${role}-${school}`): ChatPerson => ({ id, role, adminId: role === 'superadmin' ? null : school });
const tableOf = (facts: ChatFacts) =>
  Object.fromEntries(ROLES.map((from) => [from, ROLES.map((to) => decideChat(person(from), person(to, A, `other-${to}`), facts))]));

/** Row: who writes; columns: to whom (of the same school, or the provider), not related. */
const UNRELATED: Record<Role, ChatDecision[]> = {
  //          superadmin   admin      subadmin   teacher      student      parent
  superadmin: ['forbidden', 'allow', 'forbidden', 'forbidden', 'forbidden', 'forbidden'],
  admin: ['allow', 'allow', 'allow', 'allow', 'allow', 'allow'],
  subadmin: ['not-found', 'allow', 'allow', 'allow', 'allow', 'allow'],
  teacher: ['not-found', 'allow', 'allow', 'forbidden', 'forbidden', 'forbidden'],
  student: ['not-found', 'allow', 'allow', 'forbidden', 'forbidden', 'forbidden'],
  parent: ['not-found', 'allow', 'allow', 'forbidden', 'forbidden', 'forbidden'],
};

/**
 * The same, when the teacher of the pair teaches the other: their own student, or a child of the
 * parent. Only these cells change to allow; no other pair reads the fact.
 */
const TAUGHT_PAIRS: [Role, Role][] = [['teacher', 'student'], ['teacher', 'parent'], ['student', 'teacher'], ['parent', 'teacher']];
const TEACHER_TEACHES = Object.fromEntries(ROLES.map((from) => [
  from, UNRELATED[from].map((cell, i) => (TAUGHT_PAIRS.some(([f, t]) => f === from && t === ROLES[i]) ? 'allow' : cell)),
]));

describe('chat policy', () => {
  it('follows the matrix within a school between people not related by teaching', () => {
    expect(tableOf({ teaches: false })).toEqual(UNRELATED);
  });

  it('follows the matrix when the teacher teaches the student, or a child of the parent', () => {
    expect(tableOf({ teaches: true })).toEqual(TEACHER_TEACHES);
  });

  it('lets a parent and their child’s teacher talk both ways, and not once the link is gone', () => {
    expect(decideChat(person('parent'), person('teacher'), { teaches: true })).toBe('allow');
    expect(decideChat(person('teacher'), person('parent'), { teaches: true })).toBe('allow');
    expect(decideChat(person('parent'), person('teacher'), { teaches: false })).toBe('forbidden');
    expect(decideChat(person('teacher'), person('parent'), { teaches: false })).toBe('forbidden');
  });

  it('never reaches another school: not found, whatever the roles and the facts', () => {
    for (const teaches of [true, false]) {
      for (const from of ROLES.filter((r) => r !== 'superadmin')) {
        for (const to of ROLES.filter((r) => r !== 'superadmin')) {
          expect(decideChat(person(from, A), person(to, B), { teaches }), `${from} -> ${to}`).toBe('not-found');
        }
      }
    }
  });

  it('lets the superadmin reach the admin of any school, and no one talk to themself', () => {
    expect(decideChat(person('superadmin'), person('admin', B), { teaches: false })).toBe('allow');
    expect(decideChat(person('superadmin'), person('parent', B), { teaches: true })).toBe('forbidden');
    for (const role of ROLES.filter((r) => r !== 'superadmin')) {
      const self = person(role);
      expect(decideChat(self, self, { teaches: true }), role).toBe('forbidden');
    }
  });
});
