/**
 * The widget's zod rules in a chunk of their own (see lazyValidation.ts): the public page must
 * not import this module statically.
 */
import { signupFields, signupInstrument } from '../../../shared/contracts/signup-widget';
import { schemaValidator } from '../../lib/validation';

export const validateSignup = schemaValidator(signupFields);
export const validateInstrument = schemaValidator(signupInstrument);
