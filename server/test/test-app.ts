import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app.js';
import { readConfig } from '../config.js';
import type { AppServices } from '../context.js';
import type { Database } from '../db/client.js';
import type { Mailer, OutgoingEmail } from '../services/email/mailer.js';
import { createServices } from '../services/create-services.js';
import { openTestDatabase } from './test-database.js';

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  services: AppServices;
  /** Every email the app delivered, in order. */
  sentEmails: OutgoingEmail[];
  /** Sends a request with the envelope parsed; `token` becomes the bearer header. */
  call(method: InjectOptions['method'], url: string, options?: { token?: string; body?: unknown; ip?: string }): Promise<{ status: number; body: ApiBody }>;
  close(): Promise<void>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ApiBody = { status: number; message: string; data: any; errors?: Record<string, string> };

/** A capturing mailer, so tests read what a person would find in their inbox. */
function createCapturingMailer(sent: OutgoingEmail[]): Mailer {
  return { transport: 'outbox', deliver: async (e) => void sent.push(e), close: async () => {} };
}

export async function createTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const db = await openTestDatabase();
  const config = readConfig({ APP_URL: 'http://cadenza.test', LOG_LEVEL: 'silent', ...env });
  const sentEmails: OutgoingEmail[] = [];
  const services = createServices(config, db, { info: () => {}, error: () => {} }, createCapturingMailer(sentEmails));
  const app = await buildApp(services, { serveWeb: false });
  await app.ready();
  return {
    app,
    db,
    services,
    sentEmails,
    async call(method, url, options = {}) {
      const res = await app.inject({
        method,
        url,
        remoteAddress: options.ip ?? '127.0.0.1',
        headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
        ...(options.body !== undefined ? { payload: options.body as object } : {}),
      });
      return { status: res.statusCode, body: res.json() as ApiBody };
    },
    async close() {
      await app.close();
      await services.jobs.stop();
      await db.close();
    },
  };
}

/** Signs in through the real login call and answers the bearer token. */
export async function signIn(t: TestApp, username: string, password = 'Test@12345'): Promise<string> {
  const res = await t.call('POST', '/api/auth/local/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${res.body.message}`);
  return res.body.data.token as string;
}
