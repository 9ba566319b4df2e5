import type { SchoolRegistrationInput, SignupPlans } from '../../../../shared/contracts/school-signup';
import { readPublic } from '../../../lib/publicRead';

// A visitor of /signup/{id} has no session: a 401 here would be an answer to show, not a sign-out.
const PUBLIC = { auth: 'none' } as const;

/** SCHOOL_SIGNUP_ROUTES.plans' address (decision 077: the page paints without its contract). */
export const SIGNUP_PLANS = { method: 'POST', path: '/schoolBilling/signupPlans' } as const;

export async function fetchSignupPlans(id: string): Promise<SignupPlans> {
  return readPublic<SignupPlans>(SIGNUP_PLANS, { id });
}

export async function registerSchool(body: SchoolRegistrationInput) {
  const [{ SCHOOL_SIGNUP_ROUTES: R }, { callApi }] = await Promise.all([import('../../../../shared/contracts/school-signup'), import('../../../lib/callApi')]);
  return callApi(R.register, { body, ...PUBLIC });
}
