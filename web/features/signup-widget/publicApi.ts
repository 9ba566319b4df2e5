import { SIGNUP_ROUTES, type SignupBody, type SignupSchool } from '../../../shared/contracts/signup-widget';
import { API_BASE } from '../../lib/api';
import { callApi } from '../../lib/callApi';
import { takePrefetched } from '../../lib/prefetched';

// A visitor of the widget has no session: a 401 here would be an answer to show, not a sign-out.
const PUBLIC = { auth: 'none' } as const;

export const SIGNUP_SCHOOL_PATH = SIGNUP_ROUTES.school.path;

/**
 * The school of the widget (and the plan chosen in the plan widget, when there is one); on a cold
 * visit without a plan the route-preload script has already asked for it.
 */
export async function fetchSignupSchool(adminId: string, planId?: string): Promise<SignupSchool> {
  const body = planId ? { adminId, planId } : { adminId };
  const prefetched = takePrefetched(`${API_BASE}${SIGNUP_SCHOOL_PATH}`, body);
  return (await callApi(SIGNUP_ROUTES.school, { body, ...PUBLIC, prefetched })).data;
}

export function submitSignup(body: SignupBody) {
  return callApi(SIGNUP_ROUTES.add, { body, ...PUBLIC });
}
