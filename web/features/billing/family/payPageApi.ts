import type { InvoicePaymentBody, InvoicePaymentResult, PayableInvoice } from '../../../../shared/contracts/billing-family';
import { api, API_BASE } from '../../../lib/api';
import { takePrefetchedGet } from '../../../lib/prefetched';

// The pay page has no session (docs/domains/billing.md "Data and calls": no session): a 401 would be an answer to show.
const PUBLIC = { auth: 'none' } as const;

export const PAY_INVOICE_PATH = '/invoice/';

/** The invoice of a pay link; on a cold visit the route-preload script has already asked for it. */
export async function fetchPayableInvoice(token: string): Promise<PayableInvoice> {
  const path = `${PAY_INVOICE_PATH}${encodeURIComponent(token)}`;
  const prefetched = takePrefetchedGet(`${API_BASE}${path}`);
  return (await api.get<PayableInvoice>(path, { ...PUBLIC, prefetched })).data;
}

export function submitInvoicePayment(body: InvoicePaymentBody) {
  return api.post<InvoicePaymentResult>('/invoice/payment', body, PUBLIC);
}

/**
 * A key for one attempt to pay. getRandomValues works on plain HTTP too (randomUUID needs a
 * secure context).
 */
export function newAttemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
