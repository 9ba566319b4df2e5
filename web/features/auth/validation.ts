/**
 * Everything of the sign-in forms that needs zod, in a chunk of its own that the forms fetch
 * on first use (see lib/lazyResolver.ts); LoginPage.tsx must not import this module statically.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES, forgotPasswordBody, loginBody } from '../../../shared/contracts/auth';

export { AUTH_MESSAGES };
export const loginResolver = zodResolver(loginBody);
export const forgotPasswordResolver = zodResolver(forgotPasswordBody);
