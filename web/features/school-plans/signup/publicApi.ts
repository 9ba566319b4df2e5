import type { SchoolRegistrationInput, SignupPlans } from '../../../../shared/contracts/school-signup';
import { api } from '../../../lib/api';

// A visitor of /signup/{id} has no session: a 401 here would be an answer to show, not a sign-out.
const PUBLIC = { auth: 'none' } as const;

export async function fetchSignupPlans(id: string): Promise<SignupPlans> {
  return (await api.post<SignupPlans>('/schoolBilling/signupPlans', { id }, PUBLIC)).data;
}

export function registerSchool(body: SchoolRegistrationInput) {
  return api.post<{ _id: string }>('/schoolBilling/registerSchool', body, PUBLIC);
}
