import { emailLayout } from '../../../services/email/layout.js';
import type { OutgoingEmail } from '../../../services/email/mailer.js';
import { formatMoney } from '../../../../shared/money.js';

export type InvoiceEmailFacts = {
  payerFirstName: string;
  /** Null when the payer is the student. */
  studentName: string | null;
  schoolName: string;
  schoolPhone: string;
  number: string;
  balanceCents: number;
  currency: string;
  dueOn: string;
  payLink: string;
  testMode: boolean;
  again: boolean;
};

/** "Invoice INV-000001 from Riverside Music Academy": the amount, the due date, the pay button. */
export function invoiceEmail(f: InvoiceEmailFacts): Omit<OutgoingEmail, 'to' | 'attachments'> {
  const amount = formatMoney(f.balanceCents, f.currency);
  const lines = [
    `${f.schoolName} ${f.again ? 'sends you again' : 'has sent you'} invoice ${f.number}${f.studentName ? ` for ${f.studentName}` : ''}.`,
    `Amount due: ${amount}, due ${f.dueOn}.`,
    'The invoice is attached as a PDF. You can pay it by card on its secure page:',
  ];
  if (f.testMode) lines.push('This school takes payments in test mode: no real money is charged.');
  return {
    subject: `Invoice ${f.number} from ${f.schoolName}: ${amount} due ${f.dueOn}`,
    ...emailLayout(
      `Hello ${f.payerFirstName},`,
      lines,
      { label: 'Pay invoice', url: f.payLink },
      `Questions about this invoice? Contact ${f.schoolName}${f.schoolPhone ? ` at ${f.schoolPhone}` : ''}. The pay link is yours alone: please do not forward it.`,
    ),
  };
}
