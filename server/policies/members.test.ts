import { describe, expect, it } from 'vitest';
import { decideMember, MEMBER_ACTIONS, MEMBER_KINDS, memberReach, type MemberActor, type MemberAction, type MemberKind } from './members.js';
import type { Role } from '../../shared/roles.js';

const SCHOOL = '00000000-0000-4000-8000-00000000000a';
const OTHER_SCHOOL = '00000000-0000-4000-8000-00000000000b';

const actor = (role: Role, addrole: string | null = null): MemberActor => ({
  id: '00000000-0000-4000-8000-000000000001',
  role,
  adminId: role === 'superadmin' ? null : SCHOOL,
  addrole,
});

/**
 * The whole matrix, written out: for each actor, each kind, the actions allowed and how far
 * (a = all schools, s = their school, o = their own records). Anything not listed is 403.
 */
const EXPECTED: Record<string, Partial<Record<MemberKind, string>>> = {
  superadmin: Object.fromEntries(MEMBER_KINDS.map((k) => [k, MEMBER_ACTIONS.map((a) => `${a}:a`).join(' ')])),
  admin: {
    subadmin: 'list:s view:s create:s update:s changeStatus:s delete:s export:s',
    teacher: 'list:s view:s create:s update:s changeStatus:s delete:s export:s updateInstruments:s import:s',
    student: 'list:s view:s create:s update:s changeStatus:s delete:s export:s updateInstruments:s import:s',
    parent: 'list:s view:s create:s update:s changeStatus:s delete:s export:s',
    class: 'list:s view:s create:s update:s delete:s',
    family: 'list:s view:s create:s update:s delete:s',
    signup: 'list:s view:s decide:s',
    activity: 'list:s',
  },
  'admin (Private teacher)': {
    student: 'list:s view:s create:s update:s changeStatus:s delete:s export:s updateInstruments:s import:s',
    parent: 'list:s view:s create:s update:s changeStatus:s delete:s export:s',
    class: 'list:s view:s create:s update:s delete:s',
    family: 'list:s view:s create:s update:s delete:s',
    signup: 'list:s view:s decide:s',
    activity: 'list:s',
  },
  subadmin: {
    teacher: 'list:s view:s create:s update:s changeStatus:s delete:s export:s updateInstruments:s import:s',
    student: 'list:s view:s create:s update:s changeStatus:s delete:s export:s updateInstruments:s import:s',
    parent: 'list:s view:s create:s update:s changeStatus:s delete:s export:s',
    class: 'list:s view:s create:s update:s delete:s',
    family: 'list:s view:s create:s update:s delete:s',
    signup: 'list:s view:s decide:s',
    activity: 'list:s',
  },
  teacher: { student: 'list:o view:o updateInstruments:o', parent: 'list:o view:o', class: 'list:o view:o' },
  student: { student: 'view:o', activity: 'list:o' },
  parent: { student: 'list:o view:o' },
};

const ACTORS: [string, MemberActor][] = [
  ['superadmin', actor('superadmin')],
  ['admin', actor('admin', 'School')],
  ['admin (Private teacher)', actor('admin', 'Private teacher')],
  ['subadmin', actor('subadmin')],
  ['teacher', actor('teacher')],
  ['student', actor('student')],
  ['parent', actor('parent')],
];

const SHORT = { all: 'a', school: 's', own: 'o' } as const;

function granted(a: MemberActor, kind: MemberKind): string[] {
  return MEMBER_ACTIONS.flatMap((action) => {
    const reach = memberReach(a, action, kind);
    return reach ? [`${action}:${SHORT[reach]}`] : [];
  });
}

describe('members policy: the role-by-action matrix', () => {
  for (const [name, a] of ACTORS) {
    for (const kind of MEMBER_KINDS) {
      it(`${name} on ${kind}`, () => {
        const expected = (EXPECTED[name]?.[kind] ?? '').split(' ').filter(Boolean).sort();
        expect(granted(a, kind).sort()).toEqual(expected);
      });
    }
  }
});

describe('members policy: decisions on one record', () => {
  const cases: [string, MemberActor, MemberAction, MemberKind, { adminId: string; own: boolean }, string][] = [
    ['superadmin sees any school', actor('superadmin'), 'view', 'student', { adminId: OTHER_SCHOOL, own: false }, 'allow'],
    ['admin, own school', actor('admin', 'School'), 'update', 'teacher', { adminId: SCHOOL, own: false }, 'allow'],
    ['admin, another school: 404', actor('admin', 'School'), 'view', 'student', { adminId: OTHER_SCHOOL, own: false }, 'not-found'],
    ['subadmin, sub-admins: 403', actor('subadmin'), 'view', 'subadmin', { adminId: SCHOOL, own: false }, 'forbidden'],
    ['subadmin, another school’s sub-admin: 404', actor('subadmin'), 'view', 'subadmin', { adminId: OTHER_SCHOOL, own: false }, 'not-found'],
    ['private teacher, teachers: 403', actor('admin', 'Private teacher'), 'create', 'teacher', { adminId: SCHOOL, own: false }, 'forbidden'],
    ['teacher, own student', actor('teacher'), 'view', 'student', { adminId: SCHOOL, own: true }, 'allow'],
    ['teacher, a colleague’s student: 403', actor('teacher'), 'view', 'student', { adminId: SCHOOL, own: false }, 'forbidden'],
    ['teacher, own student’s levels', actor('teacher'), 'updateInstruments', 'student', { adminId: SCHOOL, own: true }, 'allow'],
    ['teacher may not edit a student’s details', actor('teacher'), 'update', 'student', { adminId: SCHOOL, own: true }, 'forbidden'],
    ['teacher, own group', actor('teacher'), 'view', 'class', { adminId: SCHOOL, own: true }, 'allow'],
    ['teacher may not create a group', actor('teacher'), 'create', 'class', { adminId: SCHOOL, own: true }, 'forbidden'],
    ['parent, own child', actor('parent'), 'view', 'student', { adminId: SCHOOL, own: true }, 'allow'],
    ['parent, another child: 403', actor('parent'), 'view', 'student', { adminId: SCHOOL, own: false }, 'forbidden'],
    ['parent, another school’s child: 404', actor('parent'), 'view', 'student', { adminId: OTHER_SCHOOL, own: false }, 'not-found'],
    ['student, themselves', actor('student'), 'view', 'student', { adminId: SCHOOL, own: true }, 'allow'],
    ['student, a classmate: 403', actor('student'), 'view', 'student', { adminId: SCHOOL, own: false }, 'forbidden'],
    ['student may not list teachers', actor('student'), 'list', 'teacher', { adminId: SCHOOL, own: false }, 'forbidden'],
  ];
  for (const [name, a, action, kind, target, expected] of cases) {
    it(name, () => expect(decideMember(a, action, { kind, ...target })).toBe(expected));
  }
});
