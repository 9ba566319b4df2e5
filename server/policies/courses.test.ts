import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import {
  changeNeedsApproval, decideAssignCourse, decideEditCourse, decideReadCourse, decideReviewCourse, mayCreateCourse, mayMarkLessons, progressReach,
  statusOfNewCourse, type CourseFacts,
} from './courses.js';

const SCHOOL = 'school-a';
const OTHER = 'school-b';
const actorOf = (role: Role, id = `${role}-1`) => ({ id, role, adminId: role === 'superadmin' ? null : SCHOOL });

const courses: Record<string, CourseFacts> = {
  provider: { adminId: 'superadmin-1', provider: true, createdBy: 'superadmin-1', status: 'approved' },
  schoolApproved: { adminId: SCHOOL, provider: false, createdBy: 'admin-1', status: 'approved' },
  teachersWaiting: { adminId: SCHOOL, provider: false, createdBy: 'teacher-1', status: 'waiting' },
  otherTeachersWaiting: { adminId: SCHOOL, provider: false, createdBy: 'teacher-2', status: 'waiting' },
  otherSchool: { adminId: OTHER, provider: false, createdBy: 'admin-b', status: 'approved' },
};

/** One role's decisions on each course above, in that order. */
const row = (decide: (actor: ReturnType<typeof actorOf>, c: CourseFacts) => string) =>
  Object.fromEntries(ROLES.map((role) => [role, Object.values(courses).map((c) => decide(actorOf(role), c))]));

describe('courses policy', () => {
  it('lets the provider, the office and teachers create; only a teacher’s course waits', () => {
    expect(ROLES.map((r) => [r, mayCreateCourse(actorOf(r)), statusOfNewCourse(actorOf(r)), changeNeedsApproval(actorOf(r))])).toEqual([
      ['superadmin', true, 'approved', false],
      ['admin', true, 'approved', false],
      ['subadmin', true, 'approved', false],
      ['teacher', true, 'waiting', true],
      ['student', false, 'approved', false],
      ['parent', false, 'approved', false],
    ]);
  });

  it('reads: provider / school approved / own waiting / another teacher’s waiting / another school', () => {
    expect(row((a, c) => decideReadCourse(a, c, true))).toEqual({
      superadmin: ['allow', 'not-found', 'not-found', 'not-found', 'not-found'],
      admin: ['allow', 'allow', 'allow', 'allow', 'not-found'],
      subadmin: ['allow', 'allow', 'allow', 'allow', 'not-found'],
      teacher: ['allow', 'allow', 'allow', 'not-found', 'not-found'],
      student: ['allow', 'allow', 'not-found', 'not-found', 'not-found'],
      parent: ['forbidden', 'forbidden', 'forbidden', 'forbidden', 'forbidden'],
    });
    // A student sees only what is given to them.
    expect(decideReadCourse(actorOf('student'), courses.schoolApproved!, false)).toBe('not-found');
  });

  it('edits: the provider its own, the office the school’s, a teacher their own; the provider’s is read only', () => {
    expect(row((a, c) => decideEditCourse(a, c, true))).toEqual({
      superadmin: ['allow', 'not-found', 'not-found', 'not-found', 'not-found'],
      admin: ['forbidden', 'allow', 'allow', 'allow', 'not-found'],
      subadmin: ['forbidden', 'allow', 'allow', 'allow', 'not-found'],
      teacher: ['forbidden', 'forbidden', 'allow', 'not-found', 'not-found'],
      student: ['forbidden', 'forbidden', 'not-found', 'not-found', 'not-found'],
      parent: ['forbidden', 'forbidden', 'forbidden', 'forbidden', 'forbidden'],
    });
  });

  it('reviews: the school’s office, on the school’s courses only', () => {
    expect(row(decideReviewCourse)).toEqual({
      superadmin: Array(5).fill('forbidden'),
      admin: ['not-found', 'allow', 'allow', 'allow', 'not-found'],
      subadmin: ['not-found', 'allow', 'allow', 'allow', 'not-found'],
      teacher: Array(5).fill('forbidden'),
      student: Array(5).fill('forbidden'),
      parent: Array(5).fill('forbidden'),
    });
  });

  it('assigns: the office and teachers, any course they can see', () => {
    expect(row(decideAssignCourse)).toEqual({
      superadmin: Array(5).fill('forbidden'),
      admin: ['allow', 'allow', 'allow', 'allow', 'not-found'],
      subadmin: ['allow', 'allow', 'allow', 'allow', 'not-found'],
      teacher: ['allow', 'allow', 'allow', 'not-found', 'not-found'],
      student: Array(5).fill('forbidden'),
      parent: Array(5).fill('forbidden'),
    });
  });

  it('progress: the office the school’s, a teacher their own students’; lessons are marked by students', () => {
    expect(ROLES.map((r) => [r, progressReach(actorOf(r)), mayMarkLessons(actorOf(r))])).toEqual([
      ['superadmin', null, false],
      ['admin', 'school', false],
      ['subadmin', 'school', false],
      ['teacher', 'own-students', false],
      ['student', null, true],
      ['parent', null, false],
    ]);
  });
});
