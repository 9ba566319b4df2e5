import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.js';

export function createSmtpMailer(url: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(url);
  return {
    transport: 'smtp',
    async deliver(email) {
      await transporter.sendMail({ from, ...email });
    },
    async close() {
      transporter.close();
    },
  };
}
