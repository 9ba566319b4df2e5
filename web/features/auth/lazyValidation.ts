import type { ForgotPasswordBody, LoginBody, ResetPasswordForm } from '../../../shared/contracts/auth';
import { lazyValidator } from '../../lib/validation';
import type { LoginRequest } from './api';

export const loadAuthValidation = () => import('./validation');
/**
 * The sign-in page's calls, fetched with its validation: their route contracts carry zod and the
 * session's permissions, which would double /login's first load (docs/decisions/077).
 */
export const loadAuthApi = () => import('./api');

export const loginValidation = lazyValidator<LoginBody, LoginRequest>(
  async () => (await loadAuthValidation()).validateLogin,
);

export const forgotPasswordValidation = lazyValidator<ForgotPasswordBody, ForgotPasswordBody>(
  async () => (await loadAuthValidation()).validateForgotPassword,
);

export const resetPasswordValidation = lazyValidator<ResetPasswordForm, ResetPasswordForm>(
  async () => (await loadAuthValidation()).validateResetPassword,
);
