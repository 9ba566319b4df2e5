import type { AddRole, Role } from './roles.js';

/**
 * Who may see and change whom among a school's members (issue 3): one table, read by every
 * members route and by the role-by-action matrix test. The menu hiding a link is not security;
 * this is: the server enforces it (server/policies/members.ts), and the web client reads the
 * same table only to offer what will be allowed.
 */

/** The things of a school that people act on. */
export const MEMBER_KINDS = ['subadmin', 'teacher', 'student', 'parent', 'class', 'family', 'signup', 'activity'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];

export const MEMBER_ACTIONS = [
  'list', 'view', 'create', 'update', 'updateInstruments', 'changeStatus', 'delete', 'import', 'export', 'decide',
] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

/**
 * How far a permission reaches:
 * - `all`: every school (the superadmin);
 * - `school`: every record of the actor's school;
 * - `own`: the actor's own records only (a teacher's students, their groups and those students'
 *   parents; a parent's children; a student themselves);
 * - absent: not allowed (403).
 */
export type Reach = 'all' | 'school' | 'own';

type Grants = Partial<Record<MemberKind, Partial<Record<MemberAction, Reach>>>>;

const EVERYTHING: MemberAction[] = ['list', 'view', 'create', 'update', 'updateInstruments', 'changeStatus', 'delete', 'import', 'export', 'decide'];
const grant = (actions: readonly MemberAction[], reach: Reach) => Object.fromEntries(actions.map((a) => [a, reach])) as Partial<Record<MemberAction, Reach>>;

const PEOPLE = ['list', 'view', 'create', 'update', 'changeStatus', 'delete', 'export'] as const;
const STUDENTS = [...PEOPLE, 'updateInstruments', 'import'] as const;
const TEACHERS = [...PEOPLE, 'updateInstruments', 'import'] as const;
const RECORDS = ['list', 'view', 'create', 'update', 'delete'] as const;

const superadmin: Grants = Object.fromEntries(MEMBER_KINDS.map((k) => [k, grant(EVERYTHING, 'all')]));

const subadmin: Grants = {
  teacher: grant(TEACHERS, 'school'),
  student: grant(STUDENTS, 'school'),
  parent: grant(PEOPLE, 'school'),
  class: grant(RECORDS, 'school'),
  family: grant(RECORDS, 'school'),
  signup: grant(['list', 'view', 'decide'], 'school'),
  activity: grant(['list'], 'school'),
};

const admin: Grants = { ...subadmin, subadmin: grant(PEOPLE, 'school') };

/** An admin with addrole Private teacher is the one teacher of their school: no sub-admins, no teachers. */
const privateTeacher: Grants = { ...subadmin, teacher: undefined };

const teacher: Grants = {
  student: grant(['list', 'view', 'updateInstruments'], 'own'),
  // Their students' parents: listed and viewed, never changed (decision 090).
  parent: grant(['list', 'view'], 'own'),
  class: grant(['list', 'view'], 'own'),
};

const parent: Grants = { student: grant(['list', 'view'], 'own') };

const student: Grants = { student: grant(['view'], 'own'), activity: grant(['list'], 'own') };

const GRANTS: Record<Role, Grants> = { superadmin, admin, subadmin, teacher, student, parent };

export type MemberActor = { id: string; role: Role; adminId: string | null; addrole: AddRole | string | null };

/** How far the actor may take this action on this kind, or null when they may not at all (403). */
export function memberReach(actor: MemberActor, action: MemberAction, kind: MemberKind): Reach | null {
  const grants = actor.role === 'admin' && actor.addrole === 'Private teacher' ? privateTeacher : GRANTS[actor.role];
  return grants[kind]?.[action] ?? null;
}

/** The facts about one record that a decision needs; the service loads them. */
export type MemberTarget = {
  kind: MemberKind;
  /** The record's school. */
  adminId: string;
  /** The record is the actor's own: their student, group, student's parent, child, or themselves. */
  own: boolean;
};

/**
 * The decision on one record: `allow`; `not-found` for a record of another school (it must not
 * even be confirmed to exist); `forbidden` for a record of the actor's school they may not touch.
 */
export function decideMember(actor: MemberActor, action: MemberAction, target: MemberTarget): 'allow' | 'forbidden' | 'not-found' {
  const reach = memberReach(actor, action, target.kind);
  if (reach === 'all') return 'allow';
  if (actor.adminId === null || target.adminId !== actor.adminId) return 'not-found';
  if (reach === 'school') return 'allow';
  if (reach === 'own') return target.own ? 'allow' : 'forbidden';
  return 'forbidden';
}

/** The roles that appear as member lists, with the kind that governs them. */
export const PERSON_KINDS = ['subadmin', 'teacher', 'student', 'parent'] as const satisfies readonly MemberKind[];
export type PersonKind = (typeof PERSON_KINDS)[number];

/** The student fields a teacher may change on their own student: the instruments and levels. */
export const TEACHER_EDITABLE_STUDENT_FIELDS = ['instruments'] as const;
