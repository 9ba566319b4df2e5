import { FAMILY_BILLING_ROUTES as R, type InvoicePaymentBody, type PayableInvoice } from '../../../../shared/contracts/billing-family';
import { pathOf } from '../../../../shared/contracts/route';
import { API_BASE } from '../../../lib/api';
import { callApi } from '../../../lib/callApi';
import { takePrefetchedGet } from '../../../lib/prefetched';

// The pay page has no session (docs/domains/billing.md "Data and calls": no session): a 401 would be an answer to show.
const PUBLIC = { auth: 'none' } as const;

export const PAY_INVOICE_PATH = '/invoice/';

/** The invoice of a pay link; on a cold visit the route-preload script has already asked for it. */
export async function fetchPayableInvoice(token: string): Promise<PayableInvoice> {
  const prefetched = takePrefetchedGet(`${API_BASE}${pathOf(R.payableInvoice, { id: token })}`);
  return (await callApi(R.payableInvoice, { params: { id: token }, ...PUBLIC, prefetched })).data;
}

/** The invoice's PDF by the pay token alone (decision 075): a plain link, no session to send. */
export const payPagePdfUrl = (token: string) => `${API_BASE}${pathOf(R.payPagePdf, { id: token })}`;

export function submitInvoicePayment(body: InvoicePaymentBody) {
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
