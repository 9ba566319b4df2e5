import { describe, expect, it } from 'vitest';
import { ROLES } from '../../shared/roles.js';
import { decideAskPlan, decideCancelPlan, mayApprovePlans, mayBuildPlans, mayManageGroupPlans, mayReadPlans } from './student-plans.js';

const SCHOOL = '00000000-0000-4000-8000-000000000001';
const facts = (over: Partial<Parameters<typeof decideAskPlan>[1]> = {}) => ({ studentId: 's1', isChildOfActor: false, hasParent: false, isTeachersOwn: false, ...over });

describe('student plans policy', () => {
  it('lets the office build plans, and only the admin group plans and approvals', () => {
    const table = ROLES.map((role) => {
      const actor = { role, adminId: role === 'superadmin' ? null : SCHOOL };
      return [role, mayBuildPlans(actor), mayManageGroupPlans(actor), mayApprovePlans(actor), mayReadPlans(actor)];
    });
    expect(table).toEqual([
      ['superadmin', false, false, false, false],
      ['admin', true, true, true, true],
      ['subadmin', true, false, false, true],
      ['teacher', false, false, false, true],
      ['student', false, false, false, true],
      ['parent', false, false, false, true],
    ]);
  });

  it('lets a student ask for themself and a parent for a child; staff are refused, strangers not found', () => {
    expect(decideAskPlan({ id: 's1', role: 'student' }, facts())).toBe('allow');
    expect(decideAskPlan({ id: 's2', role: 'student' }, facts())).toBe('not-found');
    expect(decideAskPlan({ id: 'p1', role: 'parent' }, facts({ isChildOfActor: true }))).toBe('allow');
    expect(decideAskPlan({ id: 'p2', role: 'parent' }, facts())).toBe('not-found');
    for (const role of ['admin', 'subadmin', 'teacher'] as const) expect(decideAskPlan({ id: 'x', role }, facts())).toBe('forbidden');
  });

  it('lets the family and the admin cancel', () => {
    expect(decideCancelPlan({ id: 'a', role: 'admin' }, facts())).toBe('allow');
    expect(decideCancelPlan({ id: 'x', role: 'subadmin' }, facts())).toBe('forbidden');
    expect(decideCancelPlan({ id: 'p1', role: 'parent' }, facts({ isChildOfActor: true }))).toBe('allow');
    expect(decideCancelPlan({ id: 's2', role: 'student' }, facts())).toBe('not-found');
  });
});
