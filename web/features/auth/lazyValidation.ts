import type { ForgotPasswordBody, LoginBody } from '../../../shared/contracts/auth';
import { lazyResolver } from '../../lib/lazyResolver';
import type { LoginRequest } from './api';

export const loadAuthValidation = () => import('./validation');

export const loginValidation = lazyResolver<LoginBody, LoginRequest>(
  async () => (await loadAuthValidation()).loginResolver,
);

export const forgotPasswordValidation = lazyResolver<ForgotPasswordBody, ForgotPasswordBody>(
  async () => (await loadAuthValidation()).forgotPasswordResolver,
);
