import { emailLayout } from '../../../services/email/layout.js';
import type { OutgoingEmail } from '../../../services/email/mailer.js';
import { formatMoney } from '../../../../shared/money.js';

export type LateFeeEmailFacts = {
  payerFirstName: string;
  /** Null when the payer is the student. */
  studentName: string | null;
  schoolName: string;
  number: string;
  dueOn: string;
  feeCents: number;
  balanceCents: number;
  currency: string;
  payLink: string;
};

/** "A late fee was added to invoice INV-000001": the fee, the new balance, the pay button. */
export function lateFeeEmail(f: LateFeeEmailFacts): Omit<OutgoingEmail, 'to' | 'attachments'> {
  const fee = formatMoney(f.feeCents, f.currency);
  const balance = formatMoney(f.balanceCents, f.currency);
  return {
    subject: `Late fee added to invoice ${f.number} from ${f.schoolName}`,
    ...emailLayout(
      `Hello ${f.payerFirstName},`,
      [
        `Invoice ${f.number}${f.studentName ? ` for ${f.studentName}` : ''} was due on ${f.dueOn} and is still open, so ${f.schoolName} has added a late fee of ${fee}.`,
        `The balance due is now ${balance}. You can pay it by card on the invoice's secure page:`,
      ],
      { label: 'Pay invoice', url: f.payLink },
      `Questions about this fee? Contact ${f.schoolName}. The pay link is yours alone: please do not forward it.`,
    ),
  };
}
