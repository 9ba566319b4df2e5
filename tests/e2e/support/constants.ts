/** Where the end-to-end server listens (see serve.ts) and what the demo data holds. */
export const APP_PORT = 3100;
export const MAIL_API_PORT = 3101;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const MAIL_API_URL = `http://127.0.0.1:${MAIL_API_PORT}/emails`;

/** One message as the SMTP capture of serve.ts keeps it. */
export type CapturedEmail = {
  envelopeTo: string[];
  to: string[];
  from: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
};
