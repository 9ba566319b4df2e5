import { describe, expect, it } from 'vitest';
import { mayLoginAs, ROLES_THAT_MAY_ACT, type LoginAsFacts } from './auth.js';
import { ROLES, type Role } from '../../shared/roles.js';

/**
 * The whole matrix of the login-as rule (docs/domains/accounts.md "Who may do what"): every actor role against every target role,
 * in the actor's school and in another, own student/child or not, active or not, from a normal
 * session or from a login-as one. Everything not listed in ALLOWED must be refused.
 */
const SCHOOL_A = 'aaaaaaaa-0000-4000-8000-000000000000';
const SCHOOL_B = 'bbbbbbbb-0000-4000-8000-000000000000';

type Person = { id: string; role: Role; adminId: string | null };

/** One person of each role per school; an admin's id is their school's id. */
function person(role: Role, school: 'A' | 'B' | null): Person {
  if (role === 'superadmin') return { id: `superadmin-${school ?? 'x'}`, role, adminId: null };
  const adminId = school === 'A' ? SCHOOL_A : SCHOOL_B;
  return { id: role === 'admin' ? adminId : `${role}-${school}`, role, adminId };
}

/** Allowed pairs (actor role -> target roles) for an active target, not oneself, not nested. */
const ALLOWED = {
  sameSchool: {
    superadmin: ['admin', 'subadmin', 'teacher', 'student', 'parent'],
    admin: ['subadmin', 'teacher', 'student', 'parent'],
    subadmin: ['teacher', 'student', 'parent'],
    // Only their own students / children, see ownOnly below.
    teacher: ['student'],
    parent: ['student'],
    student: [],
  },
  otherSchool: {
    superadmin: ['admin', 'subadmin', 'teacher', 'student', 'parent'],
    admin: [], subadmin: [], teacher: [], parent: [], student: [],
  },
} satisfies Record<string, Record<Role, Role[]>>;
const OWN_ONLY: Role[] = ['teacher', 'parent'];

describe('mayLoginAs', () => {
  it('follows the full matrix (roles × schools × own × active × acting)', () => {
    const mismatches: string[] = [];
    let cases = 0;
    for (const actorRole of ROLES) {
      const actor = person(actorRole, actorRole === 'superadmin' ? null : 'A');
      for (const targetRole of ROLES) {
        for (const where of ['sameSchool', 'otherSchool'] as const) {
          // A superadmin belongs to no school: the "other" superadmin is simply another one.
          const target = targetRole === 'superadmin'
            ? person('superadmin', where === 'sameSchool' ? 'A' : 'B')
            : person(targetRole, where === 'sameSchool' ? 'A' : 'B');
          for (const own of [true, false]) {
            for (const status of [true, false]) {
              for (const alreadyActing of [false, true]) {
                const facts: LoginAsFacts = { actor, target: { ...target, status }, targetIsOwnStudentOrChild: own, alreadyActing };
                const self = actor.id === target.id;
                const pairAllowed = (ALLOWED[where][actorRole] as Role[]).includes(targetRole)
                  && (!OWN_ONLY.includes(actorRole) || own);
                const expected = pairAllowed && status && !alreadyActing && !self;
                cases += 1;
                if (mayLoginAs(facts) !== expected) {
                  mismatches.push(`${actorRole} -> ${targetRole} (${where}, own=${own}, active=${status}, acting=${alreadyActing}): expected ${expected}`);
                }
              }
            }
          }
        }
      }
    }
    expect(cases).toBe(6 * 6 * 2 * 2 * 2 * 2);
    expect(mismatches).toEqual([]);
  });

  const base = (over: Partial<LoginAsFacts> = {}): LoginAsFacts => ({
    actor: person('admin', 'A'),
    target: { ...person('teacher', 'A'), status: true },
    targetIsOwnStudentOrChild: false,
    alreadyActing: false,
    ...over,
  });

  it('lets an admin act as a teacher of their school', () => {
    expect(mayLoginAs(base())).toBe(true);
  });

  it('never lets anyone act as a superadmin, not even a superadmin', () => {
    for (const role of ROLES) {
      const actor = person(role, role === 'superadmin' ? null : 'A');
      expect(mayLoginAs(base({ actor, target: { id: 'another-superadmin', role: 'superadmin', adminId: null, status: true } }))).toBe(false);
    }
  });

  it('never lets a person act as themselves', () => {
    const admin = person('admin', 'A');
    expect(mayLoginAs(base({ actor: admin, target: { ...admin, status: true } }))).toBe(false);
  });

  it('never nests: a login-as session cannot start another', () => {
    expect(mayLoginAs(base({ alreadyActing: true }))).toBe(false);
  });

  it('refuses an inactive target', () => {
    expect(mayLoginAs(base({ target: { ...person('teacher', 'A'), status: false } }))).toBe(false);
  });

  it('refuses an admin without a school (no school matches a missing one)', () => {
    expect(mayLoginAs(base({ actor: { id: 'orphan', role: 'admin', adminId: null }, target: { id: 't', role: 'teacher', adminId: null, status: true } }))).toBe(false);
  });

  it('refuses a teacher or parent for a student who is not theirs', () => {
    for (const role of ['teacher', 'parent'] as const) {
      const actor = person(role, 'A');
      const student = { ...person('student', 'A'), status: true };
      expect(mayLoginAs(base({ actor, target: student, targetIsOwnStudentOrChild: true }))).toBe(true);
      expect(mayLoginAs(base({ actor, target: student, targetIsOwnStudentOrChild: false }))).toBe(false);
    }
  });

  it('offers login-as to every role but the student', () => {
    expect([...ROLES_THAT_MAY_ACT].sort()).toEqual(['admin', 'parent', 'subadmin', 'superadmin', 'teacher']);
  });
});
