/**
 * Everything of the sign-in forms that needs zod, in a chunk of its own that the forms fetch
 * on first use (see lazyValidation.ts); the pages must not import this module statically.
 */
import { AUTH_MESSAGES, forgotPasswordBody, loginBody, resetPasswordForm } from '../../../shared/contracts/auth';
import { schemaValidator } from '../../lib/validation';

export { AUTH_MESSAGES };
export const validateLogin = schemaValidator(loginBody);
export const validateForgotPassword = schemaValidator(forgotPasswordBody);
export const validateResetPassword = schemaValidator(resetPasswordForm);
