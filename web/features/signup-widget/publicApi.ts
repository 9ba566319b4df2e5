import type { SignupBody, SignupSchool } from '../../../shared/contracts/signup-widget';
import { api, API_BASE } from '../../lib/api';
import { takePrefetched } from '../../lib/prefetched';

// A visitor of the widget has no session: a 401 here would be an answer to show, not a sign-out.
const PUBLIC = { auth: 'none' } as const;

export const SIGNUP_SCHOOL_PATH = '/student/studentSignupWidget/school';

/**
 * The school of the widget (and the plan chosen in the plan widget, when there is one); on a cold
 * visit without a plan the route-preload script has already asked for it.
 */
export async function fetchSignupSchool(adminId: string, planId?: string): Promise<SignupSchool> {
  const body = planId ? { adminId, planId } : { adminId };
  const prefetched = takePrefetched(`${API_BASE}${SIGNUP_SCHOOL_PATH}`, body);
  return (await api.post<SignupSchool>(SIGNUP_SCHOOL_PATH, body, { ...PUBLIC, prefetched })).data;
}

export function submitSignup(body: SignupBody) {
  return api.post<{ _id: string }>('/student/studentSignupWidget/add', body, PUBLIC);
}
