import type { InvoicePaymentBody, PayableInvoice } from '../../../../shared/contracts/billing-family';
import { API_BASE, request } from '../../../lib/api';
import { takePrefetchedGet } from '../../../lib/prefetched';

/*
 * The pay page paints from the invoice alone: the GET and the PDF link go by the contract's path
 * (PAY_INVOICE_PATH, which payPageApi.test.ts holds equal to FAMILY_BILLING_ROUTES' paths) rather
 * than through callApi, whose contract would bring zod and the phone rule to the first paint; the
 * payment's call loads its contract when it is sent (decision 077).
 */

// The pay page has no session (docs/domains/billing.md "Data and calls": no session): a 401 would be an answer to show.
const PUBLIC = { auth: 'none' } as const;

export const PAY_INVOICE_PATH = '/invoice/';

/** The invoice of a pay link; on a cold visit the route-preload script has already asked for it. */
export async function fetchPayableInvoice(token: string): Promise<PayableInvoice> {
  const path = `${PAY_INVOICE_PATH}${encodeURIComponent(token)}`;
  const prefetched = takePrefetchedGet(`${API_BASE}${path}`);
  return (await request<PayableInvoice>(path, { method: 'GET', ...PUBLIC, prefetched })).data;
}

/** The invoice's PDF by the pay token alone (decision 075): a plain link, no session to send. */
export const payPagePdfUrl = (token: string) => `${API_BASE}${PAY_INVOICE_PATH}${encodeURIComponent(token)}/pdf`;

export async function submitInvoicePayment(body: InvoicePaymentBody) {
  const [{ FAMILY_BILLING_ROUTES: R }, { callApi }] = await Promise.all([import('../../../../shared/contracts/billing-family'), import('../../../lib/callApi')]);
  return callApi(R.payByToken, { body, ...PUBLIC });
}

/**
 * A key for one attempt to pay. getRandomValues works on plain HTTP too (randomUUID needs a
 * secure context).
 */
export function newAttemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
