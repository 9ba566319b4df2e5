import type { OutgoingEmail } from './mailer.js';
import { emailLayout } from './layout.js';

/**
 * The new owner's invitation: a password reset link that sets their first password. `then` says
 * where the link goes once the password is set (a plan chosen at signup).
 */
export function invitationEmail(firstName: string, schoolName: string, url: string, username?: string, then?: string): Omit<OutgoingEmail, 'to'> {
  return {
    subject: "You're invited to Cadenza",
    ...emailLayout(
      `Hello ${firstName},`,
      [
        `An account has been created for you on Cadenza for ${schoolName}.`,
        // Accounts made from a signup get a username nobody typed: the person must learn it here.
        ...(username ? [`Your username is ${username}.`] : []),
        'Please set a password to sign in. The link below works once and expires in 72 hours.',
        ...(then ? [then] : []),
      ],
      { label: 'Set your password', url },
      'If you did not expect this email, you can ignore it.',
    ),
  };
}
