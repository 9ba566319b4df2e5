export type EmailAttachment = { filename: string; contentType: string; content: Buffer };
export type OutgoingEmail = {
  to: string; subject: string; text: string; html: string; attachments?: EmailAttachment[];
  /** Extra headers, as nodemailer takes them (a group email's List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string>;
};

/** Where stored emails go: an SMTP server, or nowhere but the outbox table and the console. */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  deliver(email: OutgoingEmail): Promise<void>;
  close(): Promise<void>;
}
