/**
 * Where the end-to-end server listens (see serve.ts): 3100 and 3101, or E2E_PORT and the port
 * after it, so that two runs on one machine do not meet.
 */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
export const MAIL_API_PORT = APP_PORT + 1;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const MAIL_API_URL = `http://127.0.0.1:${MAIL_API_PORT}/emails`;
/** Test only (serve.ts): POST `${JOBS_URL}/{name}` runs one of the app's timed jobs now. */
export const JOBS_URL = `http://127.0.0.1:${MAIL_API_PORT}/jobs`;

/** One message as the SMTP capture of serve.ts keeps it. */
export type CapturedEmail = {
  envelopeTo: string[];
  to: string[];
  from: string[];
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (an invoice's PDF): what they are, not their bytes. */
  attachments: { filename: string; contentType: string; size: number }[];
  receivedAt: string;
};
