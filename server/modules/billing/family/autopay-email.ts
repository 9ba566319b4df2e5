import { emailLayout } from '../../../services/email/layout.js';
import type { OutgoingEmail } from '../../../services/email/mailer.js';
import { formatMoney } from '../../../../shared/money.js';
import { inZone } from '../../../../shared/school-clock.js';

export type AutopayFailureFacts = {
  firstName: string;
  studentName: string;
  schoolName: string;
  invoiceNumber: string;
  amountCents: number;
  currency: string;
  /** The gateway's words (never a card number): "This transaction has been declined." */
  reason: string;
  cardBrand: string | null;
  cardLast4: string | null;
  /** When autopay tries again; null after the last retry. */
  nextTryAt: Date | null;
  timeZone: string;
  testMode: boolean;
  billingUrl: string;
};

/** Autopay could not pay an invoice: why, what, and what happens next (docs/domains/billing.md: the Payment / Billing link). */
export function autopayFailureEmail(f: AutopayFailureFacts): Omit<OutgoingEmail, 'to'> {
  const amount = formatMoney(f.amountCents, f.currency);
  const card = f.cardLast4 ? `${f.cardBrand ?? 'Card'} ending in ${f.cardLast4}` : 'your default card';
  const next = f.nextTryAt
    ? `We will try again on ${inZone(f.nextTryAt, f.timeZone).toFormat('cccc d LLLL yyyy')}. You can also pay it now, or change your default card, on Payment / Billing.`
    : 'Autopay will not try this invoice again: it stays open. Please pay it on Payment / Billing.';
  return {
    subject: `Autopay could not pay invoice ${f.invoiceNumber}`,
    ...emailLayout(
      `Hello ${f.firstName},`,
      [
        `Autopay tried to pay invoice ${f.invoiceNumber} from ${f.schoolName} for ${f.studentName} (${amount}) with ${card}, and the payment did not go through.`,
        `The payment processor said: ${f.reason}`,
        next,
        ...(f.testMode ? ['Test mode: this school takes payments through the payment processor\'s sandbox, so no money moves.'] : []),
      ],
      { label: 'Open Payment / Billing', url: f.billingUrl },
      'You get this email because autopay is on for this student.',
    ),
  };
}
