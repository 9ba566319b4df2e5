import type { payments } from '../../../db/schema/index.js';

type PaymentRow = typeof payments.$inferSelect;

/**
 * The reference a receipt gives a payment (the pay page's receipt and the receipt email, decision
 * 075): the gateway's transaction id, which the school finds in its merchant account; a cash or
 * check payment's reference typed by the office; else the payment's own id, shortened as the
 * office's payment details show it.
 */
export function receiptReferenceOf(payment: Pick<PaymentRow, 'id' | 'gatewayTransactionId' | 'reference'>): string {
  return payment.gatewayTransactionId || payment.reference || payment.id.slice(0, 8).toUpperCase();
}
