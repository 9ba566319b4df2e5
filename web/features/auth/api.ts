import { AUTH_ROUTES, type ForgotPasswordBody, type Invitation, type LoginResult } from '../../../shared/contracts/auth';
import { callApi } from '../../lib/callApi';

// None of these carry a token, and a 401 here is an answer to show, not a dead session.
const PUBLIC = { auth: 'none' } as const;

export type LoginRequest = { username: string; password: string; remember: boolean };
export type ResetPasswordRequest = { id: string; newPassword: string; confirm_password: string };

export async function login(body: LoginRequest): Promise<LoginResult> {
  return (await callApi(AUTH_ROUTES.login, { body, ...PUBLIC })).data;
}

export function requestPasswordReset(body: ForgotPasswordBody) {
  return callApi(AUTH_ROUTES.forgotPassword, { body, ...PUBLIC });
}

export function resetPassword(body: ResetPasswordRequest) {
  return callApi(AUTH_ROUTES.resetPassword, { body, ...PUBLIC });
}

export async function readInvitation(id: string): Promise<Invitation> {
  return (await callApi(AUTH_ROUTES.invitation, { body: { id }, ...PUBLIC })).data;
}

export async function acceptInvitation(body: ResetPasswordRequest): Promise<LoginResult> {
  return (await callApi(AUTH_ROUTES.acceptInvitation, { body, ...PUBLIC })).data;
}
