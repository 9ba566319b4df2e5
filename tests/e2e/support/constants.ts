import { fileURLToPath } from 'node:url';

/**
 * Where the end-to-end server listens (see serve.ts): 3100 and 3101, or E2E_PORT and the port
 * after it, so that two runs on one machine do not meet.
 */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
export const MAIL_API_PORT = APP_PORT + 1;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const MAIL_API_URL = `http://127.0.0.1:${MAIL_API_PORT}/emails`;
/** Every table of the e2e server's database as text (serve.ts; test-only, not the app's). */
export const DB_DUMP_URL = `http://127.0.0.1:${MAIL_API_PORT}/dump`;
/** The e2e server's log: every request of the run (serve.ts writes it, no-card-numbers.ts reads it). */
export const SERVER_LOG = fileURLToPath(new URL('../../../test-results/e2e-server.log', import.meta.url));

/**
 * The card code the billing specs type with the published test cards (and 901 to fail the check):
 * the run's last check looks for both in the server's log and database, where neither may be.
 */
// Three digits: the published test cards it goes with are Visas, whose code has three (decision 074).
export const TEST_CARD_CODE = '847';
export const FAILING_CARD_CODE = '901';
/** serve.ts's test-only door that seeds a spec's own school (docs/decisions/064-each-browser-spec-on-its-own-school.md). */
export const SCHOOLS_API_URL = `http://127.0.0.1:${MAIL_API_PORT}/schools`;
/** serve.ts's test-only door to the app's timed jobs: POST here + a job's name. */
export const JOBS_API_URL = `http://127.0.0.1:${MAIL_API_PORT}/jobs/`;

/** One message as the SMTP capture of serve.ts keeps it. */
export type CapturedEmail = {
  /** Its number in the run's capture, from 1 (clearMailbox in fixtures.ts marks the last one seen). */
  seq: number;
  envelopeTo: string[];
  to: string[];
  from: string[];
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (an invoice's PDF): what they are, not their bytes. */
  attachments: { filename: string; contentType: string; size: number }[];
  /** The List-Unsubscribe and List-Unsubscribe-Post headers as sent (a group email's), else null. */
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
  receivedAt: string;
};
