import { describe, expect, it } from 'vitest';
import { SIGNUP_ROUTES } from '../../../shared/contracts/signup-widget';
import { SIGNUP_SCHOOL } from './publicApi';

describe("the student signup widget's school, read by address (decision 077)", () => {
  it('is its contract’s method and path', () => {
    expect(SIGNUP_SCHOOL).toEqual({ method: SIGNUP_ROUTES.school.method, path: SIGNUP_ROUTES.school.path });
  });
});
