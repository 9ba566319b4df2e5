import { describe, expect, it } from 'vitest';
import { SCHOOL_SIGNUP_ROUTES } from '../../../../shared/contracts/school-signup';
import { SIGNUP_PLANS } from './publicApi';

describe("the school signup's plans, read by address (decision 077)", () => {
  it('is its contract’s method and path', () => {
    expect(SIGNUP_PLANS).toEqual({ method: SCHOOL_SIGNUP_ROUTES.plans.method, path: SCHOOL_SIGNUP_ROUTES.plans.path });
  });
});
