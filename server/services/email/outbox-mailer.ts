import type { Mailer } from './mailer.js';

/**
 * Without SMTP every email stays in the outbox table and is printed, links included, so that a
 * demo's reset link can be followed from the console.
 */
export function createOutboxMailer(print: (line: string) => void): Mailer {
  return {
    transport: 'outbox',
    async deliver(email) {
      const links = email.text.match(/https?:\/\/\S+/g) ?? [];
      print(
        [`📧 Email to ${email.to}: ${email.subject}`, ...links.map((l) => `   link: ${l}`)].join('\n'),
      );
    },
    async close() {},
  };
}
