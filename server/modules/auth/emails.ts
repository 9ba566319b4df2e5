import type { OutgoingEmail } from '../../services/email/mailer.js';
import { emailLayout as layout } from '../../services/email/layout.js';

/** Names the username: a request by email address may reach several accounts sharing that address. */
export function passwordResetEmail(firstName: string, username: string, url: string): Omit<OutgoingEmail, 'to'> {
  return {
    subject: 'Reset your Cadenza password',
    ...layout(
      `Hello ${firstName},`,
      [`We received a request to reset the password of your Cadenza account ${username}.`, 'The link below works once and expires in one hour.'],
      { label: 'Reset your password', url },
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ),
  };
}

export function verifyAccountEmail(firstName: string, url: string): Omit<OutgoingEmail, 'to'> {
  return {
    subject: 'Verify your Cadenza email address',
    ...layout(
      `Hello ${firstName},`,
      ['Please confirm that this email address belongs to you, so that your school can reach you.'],
      { label: 'Verify my email', url },
      'The link expires in three days. If you did not expect this email, you can ignore it.',
    ),
  };
}
