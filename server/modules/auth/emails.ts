import type { OutgoingEmail } from '../../services/email/mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(greeting: string, lines: string[], action: { label: string; url: string }, footer: string): Pick<OutgoingEmail, 'text' | 'html'> {
  const text = [greeting, '', ...lines, '', `${action.label}: ${action.url}`, '', footer, '', '— Cadenza'].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933;line-height:1.5">
<p>${escape(greeting)}</p>${lines.map((l) => `<p>${escape(l)}</p>`).join('')}
<p><a href="${escape(action.url)}" style="display:inline-block;padding:10px 18px;background:#4c6ef5;color:#fff;border-radius:6px;text-decoration:none">${escape(action.label)}</a></p>
<p style="color:#616e7c;font-size:13px">${escape(footer)}</p><p>— Cadenza</p></body></html>`;
  return { text, html };
}

export function passwordResetEmail(firstName: string, url: string): Omit<OutgoingEmail, 'to'> {
  return {
    subject: 'Reset your Cadenza password',
    ...layout(
      `Hello ${firstName},`,
      ['We received a request to reset the password of your Cadenza account.', 'The link below works once and expires in one hour.'],
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
