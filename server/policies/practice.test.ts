import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import {
  decideAssignTo, decideCompleteItem, decideEditAssignment, decideReadStudent, decideTimer, decideViewAssignment,
  mayAssignPractice, mayKeepFavourites, mayReadPractice, mayUseTimer,
} from './practice.js';

const SCHOOL = '00000000-0000-4000-8000-000000000001';
const actorOf = (role: Role) => ({ id: `${role}-1`, role, adminId: role === 'superadmin' ? null : SCHOOL });

describe('practice policy', () => {
  it('lets staff and teachers assign, everyone of a school read, students alone time and keep songs', () => {
    expect(ROLES.map((role) => {
      const a = actorOf(role);
      return [role, mayAssignPractice(a), mayReadPractice(a), mayUseTimer(a), mayKeepFavourites(a)];
    })).toEqual([
      ['superadmin', false, false, false, false],
      ['admin', true, true, false, false],
      ['subadmin', true, true, false, false],
      ['teacher', true, true, false, false],
      ['student', false, true, true, true],
      ['parent', false, true, false, false],
    ]);
  });

  it('shows a student’s practice to staff, their teachers and parents, themself; others are told it does not exist', () => {
    const matrix = ROLES.map((role) => {
      const a = actorOf(role);
      const self = role === 'student' ? a.id : 'someone';
      return [
        role,
        decideReadStudent(a, { studentId: self, inSchool: true, isOwn: true }),
        decideReadStudent(a, { studentId: 'stranger', inSchool: true, isOwn: false }),
        decideReadStudent(a, { studentId: self, inSchool: false, isOwn: false }),
      ];
    });
    expect(matrix).toEqual([
      ['superadmin', 'forbidden', 'forbidden', 'forbidden'],
      ['admin', 'allow', 'allow', 'not-found'],
      ['subadmin', 'allow', 'allow', 'not-found'],
      ['teacher', 'allow', 'not-found', 'not-found'],
      ['student', 'allow', 'not-found', 'not-found'],
      ['parent', 'allow', 'not-found', 'not-found'],
    ]);
  });

  it('lets a teacher assign only to their own students and groups', () => {
    expect(ROLES.map((role) => [
      role, decideAssignTo(actorOf(role), { inSchool: true, isOwn: true }), decideAssignTo(actorOf(role), { inSchool: true, isOwn: false }),
      decideAssignTo(actorOf(role), { inSchool: false, isOwn: false }),
    ])).toEqual([
      ['superadmin', 'forbidden', 'forbidden', 'forbidden'],
      ['admin', 'allow', 'allow', 'not-found'],
      ['subadmin', 'allow', 'allow', 'not-found'],
      ['teacher', 'allow', 'forbidden', 'not-found'],
      ['student', 'forbidden', 'forbidden', 'forbidden'],
      ['parent', 'forbidden', 'forbidden', 'forbidden'],
    ]);
  });

  it('lets a teacher change what they assigned, and see what their students were given', () => {
    const mine = { createdByActor: true, hasOwnStudent: true };
    const colleagues = { createdByActor: false, hasOwnStudent: true };
    const strangers = { createdByActor: false, hasOwnStudent: false };
    expect(ROLES.map((role) => [role, ...[mine, colleagues, strangers].map((f) => decideEditAssignment(actorOf(role), f))])).toEqual([
      ['superadmin', 'forbidden', 'forbidden', 'forbidden'],
      ['admin', 'allow', 'allow', 'allow'],
      ['subadmin', 'allow', 'allow', 'allow'],
      ['teacher', 'allow', 'forbidden', 'not-found'],
      ['student', 'forbidden', 'forbidden', 'forbidden'],
      ['parent', 'forbidden', 'forbidden', 'forbidden'],
    ]);
    expect(ROLES.map((role) => [role, ...[colleagues, strangers].map((f) => decideViewAssignment(actorOf(role), f))])).toEqual([
      ['superadmin', 'forbidden', 'forbidden'],
      ['admin', 'allow', 'allow'],
      ['subadmin', 'allow', 'allow'],
      ['teacher', 'allow', 'not-found'],
      ['student', 'allow', 'not-found'],
      ['parent', 'allow', 'not-found'],
    ]);
  });

  it('lets only the student tick their items and run their own timer', () => {
    expect(ROLES.map((role) => [role, decideCompleteItem(actorOf(role), { assignedToActor: true }), decideCompleteItem(actorOf(role), { assignedToActor: false })]))
      .toEqual(ROLES.map((role) => (role === 'student' ? [role, 'allow', 'not-found'] : [role, 'forbidden', 'forbidden'])));
    expect(ROLES.map((role) => [role, decideTimer(actorOf(role), `${role}-1`), decideTimer(actorOf(role), 'other')]))
      .toEqual(ROLES.map((role) => (role === 'student' ? [role, 'allow', 'not-found'] : [role, 'forbidden', 'forbidden'])));
  });
});
