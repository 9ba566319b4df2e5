import type { z } from 'zod';
import type { SignupFields, SignupInstrument, signupFields, signupInstrument } from '../../../shared/contracts/signup-widget';
import { lazyValidator } from '../../lib/validation';

const load = () => import('./validation');

export const signupValidation = lazyValidator<SignupFields, z.output<typeof signupFields>>(async () => (await load()).validateSignup);
export const instrumentValidation = lazyValidator<SignupInstrument, z.output<typeof signupInstrument>>(
  async () => (await load()).validateInstrument,
);
