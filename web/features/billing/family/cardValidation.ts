/**
 * The card rule's zod schema in a chunk of its own (see lazyCardValidation.ts): the public pay page
 * must not import this module statically.
 */
import { cardForm } from '../../../../shared/contracts/billing';
import { schemaValidator } from '../../../lib/validation';

export const validateCard = schemaValidator(cardForm);
