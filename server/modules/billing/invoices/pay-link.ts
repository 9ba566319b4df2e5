import type { SecretBox } from '../../../lib/secret-box.js';
import { hashToken, newToken } from '../../../lib/tokens.js';

/**
 * An invoice's pay page capability (decision 030), made as the calendar feed's: a 256-bit token
 * whose hash finds the invoice (app_invoice_by_pay_token) and whose sealed copy lets the office
 * and the payer's own pages show the link again. The token itself is stored nowhere.
 */
export function newPayToken(box: SecretBox): { token: string; payTokenHash: string; payTokenSealed: string } {
  const token = newToken();
  return { token, payTokenHash: hashToken(token), payTokenSealed: box.seal(token) };
}

export const payUrl = (appUrl: string, token: string) => `${appUrl}/invoices/pay/${token}`;

/** The invoice's pay page URL. */
export function payLinkOf(box: SecretBox, appUrl: string, invoice: { payTokenSealed: string }): string {
  return payUrl(appUrl, box.open(invoice.payTokenSealed));
}
