import type { SchoolRegistrationInput, SignupPlans } from '../../../../shared/contracts/school-signup';
import { API_BASE } from '../../../lib/api';
import { takePrefetched } from '../../../lib/prefetched';
import { readPublic } from '../../../lib/publicRead';

// A visitor of /signup/{id} has no session: a 401 here would be an answer to show, not a sign-out.
const PUBLIC = { auth: 'none' } as const;

/** SCHOOL_SIGNUP_ROUTES.plans' address (decision 077: the page paints without its contract). */
export const SIGNUP_PLANS = { method: 'POST', path: '/schoolBilling/signupPlans' } as const;

/** The provider's plans; on a cold visit the route-preload script has already asked for them. */
export async function fetchSignupPlans(id: string): Promise<SignupPlans> {
  const body = { id };
  return readPublic<SignupPlans>(SIGNUP_PLANS, body, takePrefetched(`${API_BASE}${SIGNUP_PLANS.path}`, body));
}

export async function registerSchool(body: SchoolRegistrationInput) {
  const [{ SCHOOL_SIGNUP_ROUTES: R }, { callApi }] = await Promise.all([import('../../../../shared/contracts/school-signup'), import('../../../lib/callApi')]);
  return callApi(R.register, { body, ...PUBLIC });
}
