import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import { decideGoal, mayTrain, mayWriteSets } from './ear-trainer.js';

const actor = (role: Role) => ({ role, adminId: role === 'superadmin' ? null : 'school-a' });

describe('the ear trainer policy', () => {
  it('lets only the superadmin write exercise sets and only students train', () => {
    expect(ROLES.filter((r) => mayWriteSets(actor(r)))).toEqual(['superadmin']);
    expect(ROLES.filter((r) => mayTrain(actor(r)))).toEqual(['student']);
  });

  it.each([
    // role, student of the school, the actor's own, decision
    ['admin', true, false, 'allow'],
    ['subadmin', true, false, 'allow'],
    ['teacher', true, true, 'allow'],
    ['teacher', true, false, 'forbidden'],
    ['admin', false, false, 'not-found'],
    ['teacher', false, false, 'not-found'],
    ['student', true, true, 'forbidden'],
    ['parent', true, true, 'forbidden'],
    ['superadmin', true, false, 'forbidden'],
  ] as const)('a %s setting a goal (student of the school: %s, own: %s) → %s', (role, isStudentOfSchool, isOwn, expected) => {
    expect(decideGoal(actor(role), { isStudentOfSchool, isOwn })).toBe(expected);
  });
});
