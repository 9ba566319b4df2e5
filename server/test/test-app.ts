import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../app.js';
import { readConfig } from '../config.js';
import type { AppServices } from '../context.js';
import type { Database } from '../db/client.js';
import { sessions } from '../db/schema/index.js';
import { hashToken, newToken } from '../lib/tokens.js';
import type { Mailer, OutgoingEmail } from '../services/email/mailer.js';
import { createServices } from '../services/create-services.js';
import { createMemoryStorage } from '../services/storage/memory-storage.js';
import { multipart, type Part } from './multipart.js';
import { openTestDatabase } from './test-database.js';
import { testHostLookup } from './test-hosts.js';
import { patient } from '../../tests/patience.js';

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  services: AppServices & { close(): Promise<void> };
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

export type TestAppOptions = {
  /** 'capture' (default) keeps delivered emails in `sentEmails`; 'config' uses the mailer the settings pick (SMTP_URL). */
  mailer?: 'capture' | 'config';
  /** Receives what a job reported as failed (the app's log.error). */
  onError?: (error: unknown, message?: string) => void;
  /** Another test app's database, shared (and left open on close): a second app costs no new database. */
  db?: Database;
  /**
   * Receives every line the app logs: Fastify's (pino) log at LOG_LEVEL (set it, the tests' default
   * is silent) and the services' (jobs, email). The leak tests read it.
   */
  logLines?: string[];
};

export async function createTestApp(env: NodeJS.ProcessEnv = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const db = options.db ?? (await openTestDatabase());
  const config = readConfig({ APP_URL: 'http://cadenza.test', LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
  const sentEmails: OutgoingEmail[] = [];
  const lines = options.logLines;
  const log = {
    info: (msg: string) => void lines?.push(msg),
    error: (obj: unknown, msg?: string) => {
      lines?.push(`${msg ?? ''} ${JSON.stringify(obj, (_k, v: unknown) => (v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v))}`);
      options.onError?.(obj, msg);
    },
  };
  const mailer = options.mailer === 'config' ? undefined : createCapturingMailer(sentEmails);
  const services = createServices(config, db, log, mailer);
  // Uploads stay in memory unless a test names a folder or a bucket for them (never ./data/uploads).
  if (!env.DATA_DIR && !env.S3_BUCKET) services.storage = createMemoryStorage();
  // Push services' names are answered here, not by the network's DNS (a test sets its own answers).
  services.lookupHost = testHostLookup();
  const logger = lines ? { stream: { write: (line: string) => void lines.push(line) } } : undefined;
  const app = await buildApp(services, { serveWeb: false, pluginTimeout: patient(60_000), ...(logger ? { logger } : {}) });
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
      await services.close();
      if (!options.db) await db.close();
    },
  };
}

/**
 * A session made directly in the database, as a successful sign-in would make it: no password
 * check (argon2 costs time) and no sign-in rate limit. `actorUserId` makes a login-as session,
 * started from a session of the actor's made here too (a login-as session needs its parent).
 */
export async function sessionToken(
  t: Pick<TestApp, 'db'>,
  userId: string,
  options: { actorUserId?: string; expiresAt?: Date } = {},
): Promise<string> {
  const token = newToken();
  const expiresAt = options.expiresAt ?? new Date(Date.now() + 3_600_000);
  await t.db.transaction({ kind: 'all' }, async (tx) => {
    const [parent] = options.actorUserId
      ? await tx.insert(sessions).values({ userId: options.actorUserId, tokenHash: hashToken(newToken()), expiresAt }).returning({ id: sessions.id })
      : [];
    await tx.insert(sessions).values({ userId, actorUserId: options.actorUserId, parentSessionId: parent?.id, tokenHash: hashToken(token), expiresAt });
  });
  return token;
}

/** Signs in through the real login call and answers the bearer token. */
export async function signIn(t: TestApp, username: string, password = 'Test@12345'): Promise<string> {
  const res = await t.call('POST', '/api/auth/local/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${res.body.message}`);
  return res.body.data.token as string;
}

/**
 * `t.call` that expects `status` (200 unless told) and answers the parsed body; a failure names
 * the URL and the start of the body. The one helper for the tests' "call and check the status".
 */
export async function expectCall(
  t: Pick<TestApp, 'call'>,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; body?: unknown; status?: number } = {},
): Promise<ApiBody> {
  const res = await t.call(method, url, { token: options.token, body: options.body });
  expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 400)}`).toBe(options.status ?? 200);
  return res.body;
}

/** An answer read as it came: its status, its headers and its bytes. */
export type RawAnswer = {
  status: number;
  headers: LightMyRequestResponse['headers'];
  /** The body's bytes (a PDF, a picture); `text` is the same as UTF-8 (a CSV, an iCalendar feed). */
  body: Buffer;
  text: string;
  /** The body parsed as the API's envelope (an upload answers one). */
  json(): ApiBody;
};

/**
 * A request that `t.call` cannot make or whose answer is no JSON envelope: an upload (`parts`,
 * a multipart body as a browser's FormData sends it) or a download (a file, a CSV, a PDF, a
 * feed). `token` becomes the bearer header, `body` is sent as JSON, `headers` are added (a
 * Range). `status`, when given, is expected, and a failure names the URL and the start of the
 * body, as in `expectCall`.
 */
export async function rawCall(
  t: Pick<TestApp, 'app'>,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; body?: unknown; parts?: Part[]; headers?: Record<string, string>; status?: number } = {},
): Promise<RawAnswer> {
  const form = options.parts ? multipart(options.parts) : undefined;
  const res = await t.app.inject({
    method,
    url,
    headers: { ...form?.headers, ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    ...(form ? { payload: form.payload } : options.body !== undefined ? { payload: options.body as object } : {}),
  });
  if (options.status !== undefined) expect(res.statusCode, `${url}: ${res.body.slice(0, 400)}`).toBe(options.status);
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload, text: res.body, json: () => res.json() as ApiBody };
}
