import { SCHOOL_SIGNUP_ROUTES as R, type SchoolRegistrationInput, type SignupPlans } from '../../../../shared/contracts/school-signup';
import { callApi } from '../../../lib/callApi';

// A visitor of /signup/{id} has no session: a 401 here would be an answer to show, not a sign-out.
const PUBLIC = { auth: 'none' } as const;

export async function fetchSignupPlans(id: string): Promise<SignupPlans> {
  return (await callApi(R.plans, { body: { id }, ...PUBLIC })).data;
}

export function registerSchool(body: SchoolRegistrationInput) {
  return callApi(R.register, { body, ...PUBLIC });
}
