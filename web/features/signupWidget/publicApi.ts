import type { SignupBody, SignupSchool } from '../../../shared/contracts/signupWidget';
import { api } from '../../lib/api';

// A visitor of the widget has no session: a 401 here would be an answer to show, not a sign-out.
const PUBLIC = { auth: 'none' } as const;

export async function fetchSignupSchool(adminId: string): Promise<SignupSchool> {
  return (await api.post<SignupSchool>('/student/studentSignupWidget/school', { adminId }, PUBLIC)).data;
}

export function submitSignup(body: SignupBody) {
  return api.post<{ _id: string }>('/student/studentSignupWidget/add', body, PUBLIC);
}
