import { z } from 'zod';
import { safeString, uuid } from './common.js';
import { defineRoute } from './route.js';

/**
 * A school's merchant information (docs/domains/schools.md "Data and calls" POST /merchant/save, /merchant/get): the
 * payment gateway account its card payments go through. The secrets travel in only; `get`
 * answers their last four characters.
 */
export const MERCHANT_MESSAGES = {
  saved: 'Merchant information save successfully.',
  failed: 'Something went wrong',
  apiLoginIdRequired: 'API Login ID is Required',
  apiLoginIdInvalid: 'API Login ID should be 8 to 25 letters or digits',
  transactionKeyRequired: 'Transaction Key is Required',
  transactionKeyInvalid: 'Transaction Key should be 16 letters or digits',
  publicClientKeyInvalid: 'Public Client Key should be at most 100 letters or digits',
  schoolRequired: 'Please choose a school',
  notFound: 'School not found',
} as const;

export const GATEWAYS = ['authorizenet', 'sandbox'] as const;
export const ENVIRONMENTS = ['sandbox', 'production'] as const;
export const GATEWAY_LABELS: Record<(typeof GATEWAYS)[number], string> = { authorizenet: 'Authorize.Net', sandbox: 'Sandbox (test)' };
export const ENVIRONMENT_LABELS: Record<(typeof ENVIRONMENTS)[number], string> = { sandbox: 'Sandbox', production: 'Production' };

/**
 * The form. apiLoginId and transactionKey may be empty on a later save (keep the stored ones);
 * the server requires them on the first save.
 */
export const merchantForm = z.object({
  gateway: z.enum(GATEWAYS, { error: 'Gateway is Required' }),
  environment: z.enum(ENVIRONMENTS, { error: 'Environment is Required' }),
  // Empty keeps the stored one; otherwise at least 8, so that the 4 shown back never are the whole id.
  apiLoginId: safeString().trim().max(25, MERCHANT_MESSAGES.apiLoginIdInvalid).regex(/^(|[A-Za-z0-9]{8,25})$/, MERCHANT_MESSAGES.apiLoginIdInvalid).default(''),
  transactionKey: safeString().trim().max(16, MERCHANT_MESSAGES.transactionKeyInvalid)
    .refine((v) => v === '' || /^[A-Za-z0-9]{16}$/.test(v), MERCHANT_MESSAGES.transactionKeyInvalid).default(''),
  publicClientKey: safeString().trim().max(100, MERCHANT_MESSAGES.publicClientKeyInvalid).regex(/^[A-Za-z0-9]{0,100}$/, MERCHANT_MESSAGES.publicClientKeyInvalid).default(''),
});
export type MerchantForm = z.input<typeof merchantForm>;

/** adminId names the school for the superadmin; an admin may leave it out (their own school). */
export const merchantSaveBody = merchantForm.extend({ adminId: uuid.optional() });
export type MerchantSaveBody = z.input<typeof merchantSaveBody>;
export const merchantGetBody = z.object({ adminId: uuid.optional() });

export const merchantInfo = z.object({
  configured: z.boolean(),
  gateway: z.enum(GATEWAYS).nullable(),
  environment: z.enum(ENVIRONMENTS).nullable(),
  /** "••••1234": never the secret itself. */
  apiLoginIdMasked: z.string().nullable(),
  transactionKeyMasked: z.string().nullable(),
  publicClientKey: z.string(),
  updatedAt: z.string().nullable(),
});
export type MerchantInfo = z.infer<typeof merchantInfo>;

/** Any signed-in person reaches them; the merchant policy answers 403 to all but the superadmin and a school's admin. */
const merchantMeta = { roles: 'signedIn', tags: ['merchant'] } as const;

export const MERCHANT_ROUTES = {
  get: defineRoute({ method: 'POST', path: '/merchant/get', body: merchantGetBody, response: merchantInfo, meta: { ...merchantMeta, lapsedSchool: 'open' } }),
  save: defineRoute({ method: 'POST', path: '/merchant/save', body: merchantSaveBody, response: merchantInfo, meta: merchantMeta }),
};

export const maskSecret = (last4: string) => `••••${last4}`;

/** The form's rules for a school with or without stored keys: the first save needs both. */
export function merchantFormFor(configured: boolean) {
  if (configured) return merchantForm;
  return merchantForm.superRefine((v, ctx) => {
    if (v.apiLoginId === '') ctx.addIssue({ code: 'custom', path: ['apiLoginId'], message: MERCHANT_MESSAGES.apiLoginIdRequired });
    if (v.transactionKey === '') ctx.addIssue({ code: 'custom', path: ['transactionKey'], message: MERCHANT_MESSAGES.transactionKeyRequired });
  });
}
