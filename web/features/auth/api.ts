import type { ForgotPasswordBody, Invitation, LoginResult } from '../../../shared/contracts/auth';
import { api } from '../../lib/api';

// None of these carry a token, and a 401 here is an answer to show, not a dead session.
const PUBLIC = { auth: 'none' } as const;

export type LoginRequest = { username: string; password: string; remember: boolean };
export type ResetPasswordRequest = { id: string; newPassword: string; confirm_password: string };

export async function login(body: LoginRequest): Promise<LoginResult> {
  return (await api.post<LoginResult>('/auth/local/login', body, PUBLIC)).data;
}

export function requestPasswordReset(body: ForgotPasswordBody) {
  return api.post<null>('/auth/forgetPassword', body, PUBLIC);
}

export function resetPassword(body: ResetPasswordRequest) {
  return api.post<null>('/auth/resetPassword', body, PUBLIC);
}

export async function readInvitation(id: string): Promise<Invitation> {
  return (await api.post<Invitation>('/auth/invitation', { id }, PUBLIC)).data;
}

export async function acceptInvitation(body: ResetPasswordRequest): Promise<LoginResult> {
  return (await api.post<LoginResult>('/auth/acceptInvitation', body, PUBLIC)).data;
}
