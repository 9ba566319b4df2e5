import { describe, expect, it } from 'vitest';
import { createOutboxMailer } from './outbox-mailer.js';

describe('the outbox mailer', () => {
  it('prints the recipient, the subject and every link, and never the body', async () => {
    const lines: string[] = [];
    const mailer = createOutboxMailer((l) => lines.push(l));
    await mailer.deliver({
      to: 'grace.chen@riversidemusic.example',
      subject: 'Reset your Cadenza password',
      text: 'Hello Grace,\nReset: http://localhost:3000/resetpassword/abc123\nThanks',
      html: '<p>secret body</p>',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('grace.chen@riversidemusic.example');
    expect(lines[0]).toContain('Reset your Cadenza password');
    expect(lines[0]).toContain('link: http://localhost:3000/resetpassword/abc123');
    expect(lines[0]).not.toContain('secret body');
  });
});
