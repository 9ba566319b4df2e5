import type { SignupBody, SignupSchool } from '../../../shared/contracts/signup-widget';
import { API_BASE } from '../../lib/api';
import { takePrefetched } from '../../lib/prefetched';
import { readPublic } from '../../lib/publicRead';

// A visitor of the widget has no session: a 401 here would be an answer to show, not a sign-out.
const PUBLIC = { auth: 'none' } as const;

/** SIGNUP_ROUTES.school's address (decision 077: the widget paints without its contract). */
export const SIGNUP_SCHOOL = { method: 'POST', path: '/student/studentSignupWidget/school' } as const;
export const SIGNUP_SCHOOL_PATH = SIGNUP_SCHOOL.path;

/**
 * The school of the widget (and the plan chosen in the plan widget, when there is one); on a cold
 * visit without a plan the route-preload script has already asked for it.
 */
export async function fetchSignupSchool(adminId: string, planId?: string): Promise<SignupSchool> {
  const body = planId ? { adminId, planId } : { adminId };
  const prefetched = takePrefetched(`${API_BASE}${SIGNUP_SCHOOL_PATH}`, body);
  return readPublic<SignupSchool>(SIGNUP_SCHOOL, body, prefetched);
}

export async function submitSignup(body: SignupBody) {
  const [{ SIGNUP_ROUTES }, { callApi }] = await Promise.all([import('../../../shared/contracts/signup-widget'), import('../../lib/callApi')]);
  return callApi(SIGNUP_ROUTES.add, { body, ...PUBLIC });
}
