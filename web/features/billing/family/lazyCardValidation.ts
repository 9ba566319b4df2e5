import type { z } from 'zod';
import type { CardForm, cardForm } from '../../../../shared/contracts/billing';
import { lazyValidator } from '../../../lib/validation';

/** The card rule (docs/domains/billing.md "Rules"), fetched when the payer first focuses the form. */
export const cardValidation = lazyValidator<CardForm, z.output<typeof cardForm>>(async () => (await import('./cardValidation')).validateCard);
