import { emailLayout } from '../../../services/email/layout.js';
import type { OutgoingEmail } from '../../../services/email/mailer.js';
import { formatMoney } from '../../../../shared/money.js';
import { inZone } from '../../../../shared/school-clock.js';

export type ReceiptFacts = {
  firstName: string;
  schoolName: string;
  invoiceNumber: string;
  amountCents: number;
  currency: string;
  /** What may be shown of the card: never more than its brand and last four. */
  cardBrand: string | null;
  cardLast4: string | null;
  paidAt: Date;
  timeZone: string;
  balanceCents: number;
  testMode: boolean;
  appUrl: string;
};

/** The payer's receipt of a card payment: amount, invoice, school, the card's last four. */
export function receiptEmail(f: ReceiptFacts): Omit<OutgoingEmail, 'to'> {
  const amount = formatMoney(f.amountCents, f.currency);
  const when = inZone(f.paidAt, f.timeZone).toFormat("d LLLL yyyy 'at' h:mm a");
  const card = f.cardLast4 ? `${f.cardBrand ?? 'Card'} ending in ${f.cardLast4}` : 'card';
  const lines = [
    `We received your payment of ${amount} for invoice ${f.invoiceNumber} from ${f.schoolName}.`,
    `Paid with ${card} on ${when}.`,
    f.balanceCents > 0 ? `${formatMoney(f.balanceCents, f.currency)} is still due on this invoice.` : 'This invoice is now paid in full.',
    ...(f.testMode ? ['Test mode: this payment went through the payment processor\'s sandbox, so no money was taken.'] : []),
  ];
  return {
    subject: `Payment received: ${f.invoiceNumber} (${amount})`,
    ...emailLayout(`Hello ${f.firstName},`, lines, { label: 'See your invoices', url: `${f.appUrl}/paymentBilling` }, 'Keep this email as your receipt.'),
  };
}
