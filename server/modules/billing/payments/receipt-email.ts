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
  /** The payment's reference (receiptReferenceOf), as the pay page's receipt shows it. */
  reference: string;
  /** The invoice's pay page: it shows this receipt and the PDF to the link's holder, with no sign-in. */
  receiptUrl: string;
};

/** The payer's receipt of a card payment: amount, invoice, school, the card's last four, the reference. */
export function receiptEmail(f: ReceiptFacts): Omit<OutgoingEmail, 'to'> {
  const amount = formatMoney(f.amountCents, f.currency);
  const when = inZone(f.paidAt, f.timeZone).toFormat("d LLLL yyyy 'at' h:mm a");
  const card = f.cardLast4 ? `${f.cardBrand ?? 'Card'} ending in ${f.cardLast4}` : 'card';
  const lines = [
    `We received your payment of ${amount} for invoice ${f.invoiceNumber} from ${f.schoolName}.`,
    `Paid with ${card} on ${when}. Reference: ${f.reference}.`,
    f.balanceCents > 0 ? `${formatMoney(f.balanceCents, f.currency)} is still due on this invoice.` : 'This invoice is now paid in full.',
    ...(f.testMode ? ['Test mode: this payment went through the payment processor\'s sandbox, so no money was taken.'] : []),
  ];
  return {
    subject: `Payment received: ${f.invoiceNumber} (${amount})`,
    // The pay page, not a signed-in page: a payer may have no password, and the link is theirs alone (decision 075).
    ...emailLayout(`Hello ${f.firstName},`, lines, { label: 'See your receipt', url: f.receiptUrl }, 'Keep this email as your receipt. The paid invoice is attached as a PDF.'),
  };
}
