/**
 * The server of the end-to-end run, started by Playwright's `webServer` (playwright.config.ts).
 *
 * One process holds:
 * - an SMTP server on 127.0.0.1 (random port) that parses every message and keeps it in memory;
 * - a tiny HTTP API on 127.0.0.1:3101 over those messages: GET /emails lists them (oldest first,
 *   numbered; the run keeps them all, parallel workers read them at once); for the specs only (never the app's API), POST /jobs/{name}
 *   runs one of the app's timed jobs now and answers once the runner is idle; and, for the run's
 *   last check (no-card-numbers.ts), GET /dump answers every table of the app's database as text;
 *   POST /schools seeds one more demo school for a spec and answers its logins
 *   (docs/decisions/064-each-browser-spec-on-its-own-school.md); PUT /schools/{adminId}/clock
 *   { now } sets the clock of such a school (and of no other), DELETE gives it the wall clock back
 *   (docs/decisions/067-a-school-clock-the-test-sets.md). Test-only, on this port, never the app's;
 * - the real app, started as server/main.ts starts it, on 127.0.0.1:3100 with a fresh embedded
 *   database (PGlite) in a temporary folder — or, when E2E_DATABASE_URL names a PostgreSQL server
 *   (CI's), a fresh database of its own there, dropped at the end (decision 073) — the demo data,
 *   and SMTP pointed at the capture. Its
 *   log (info and up, every request) goes to test-results/e2e-server.log; warnings and errors to
 *   the console as well.
 *
 * The app serves the built web client from dist/web, or $WEB_DIST (`npm run test:e2e` builds it first).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWriteStream, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { buildApp } from '../../../server/app.js';
import { readConfig } from '../../../server/config.js';
import { openDatabase } from '../../../server/db/client.js';
import { seedDemoIfEmpty, seedDemoSchool } from '../../../server/demo.js';
import { createServices } from '../../../server/services/create-services.js';
import { createStorage } from '../../../server/services/storage/create-storage.js';
import { secretBoxOf } from '../../../server/lib/secret-box.js';
import { isRunning } from '../../../server/data-dir-lock.js';
import type { Database } from '../../../server/db/client.js';
import { dumpDatabase } from '../../../server/test/card-leaks.js';
import { dropOrphanDatabases, openTestDatabase } from '../../../server/test/test-database.js';
import { createSettableClock } from '../../../server/test/settable-clock.js';
import { APP_PORT, MAIL_API_PORT, SERVER_LOG, type CapturedEmail } from './constants.js';

const HOST = '127.0.0.1';

const DATA_DIR_PREFIX = 'cadenza-e2e-';

// Folders of earlier runs that were killed before they could clean up.
for (const name of readdirSync(tmpdir())) {
  const pid = Number(name.slice(DATA_DIR_PREFIX.length));
  if (name.startsWith(DATA_DIR_PREFIX) && Number.isInteger(pid) && pid > 0 && !isRunning(pid)) {
    rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

const dataDir = join(tmpdir(), `${DATA_DIR_PREFIX}${process.pid}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// --- SMTP capture -------------------------------------------------------------------------

const emails: CapturedEmail[] = [];

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((a) => a.value.map((v) => v.address ?? '')).filter((a) => a !== '');
}

/** A header's value as sent, unfolded (mailparser's own parse of List-* headers drops the raw form). */
function rawHeader(mail: ParsedMail, name: string): string | null {
  const line = mail.headerLines.find((h) => h.key === name)?.line;
  return line ? line.slice(line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim() : null;
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        emails.push({
          seq: emails.length + 1,
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          to: addresses(mail.to),
          from: addresses(mail.from),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          attachments: mail.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, size: a.size })),
          listUnsubscribe: rawHeader(mail, 'list-unsubscribe'),
          listUnsubscribePost: rawHeader(mail, 'list-unsubscribe-post'),
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
await new Promise<void>((resolve, reject) => {
  smtp.once('error', reject);
  smtp.listen(0, HOST, () => resolve());
});
const smtpPort = (smtp.server.address() as AddressInfo).port;

// --- HTTP view of the captured mail -------------------------------------------------------

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The app's database, once open. */
const opened: { db?: Database } = {};
/** The app's job runner, once the app is up (POST /jobs/{name}). */
let runJob: ((name: string) => Promise<void>) | null = null;
const JOB_PATH = /^\/jobs\/([a-z0-9-]+)$/;
/** The schools seeded for specs so far: each one's suffix is its number in this run (a fresh database). */
let schoolsSeeded = 0;
/** The specs' schools (their admins' ids): the only ones whose clock a spec may set, never the demo's that other specs read. */
const specSchools = new Set<string>();
/** The app's school clock: the wall's, but for a spec's school whose clock it set (decision 067). */
const clock = createSettableClock();
const CLOCK_PATH = /^\/schools\/([0-9a-f-]+)\/clock$/;

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

const mailApi = createServer((req: IncomingMessage, res: ServerResponse) => {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const job = JOB_PATH.exec(path)?.[1];
  if (job && req.method === 'POST') {
    if (!runJob) return send(res, 503, { error: 'the app is not up yet' });
    runJob(job).then(() => send(res, 200, { ran: job }), (error: Error) => send(res, 500, { error: error.message }));
    return;
  }
  if (path === '/schools' && req.method === 'POST') {
    if (!opened.db) return send(res, 503, { error: 'the database is not open yet' });
    schoolsSeeded += 1;
    const suffix = `e${schoolsSeeded}`;
    seedDemoSchool(opened.db, suffix, secretBoxOf(config), createStorage(config)).then(
      (school) => {
        specSchools.add(school.adminId);
        send(res, 200, school);
      },
      (error: Error) => send(res, 500, { error: error.message }),
    );
    return;
  }
  const clockOf = CLOCK_PATH.exec(path)?.[1];
  if (clockOf) {
    if (!specSchools.has(clockOf)) return send(res, 404, { error: 'no school of a spec has this id' });
    if (req.method === 'DELETE') {
      clock.clear(clockOf);
      return send(res, 200, { now: null });
    }
    if (req.method !== 'PUT') return send(res, 405, { error: 'PUT { now } or DELETE /schools/{adminId}/clock' });
    jsonBody(req).then(
      (body) => {
        const now = new Date(String((body as { now?: unknown }).now));
        if (Number.isNaN(now.getTime())) return send(res, 400, { error: 'now: an ISO instant with its offset' });
        clock.set(clockOf, now);
        return send(res, 200, { now: now.toISOString() });
      },
      (error: Error) => send(res, 400, { error: error.message }),
    );
    return;
  }
  if (path === '/dump' && req.method === 'GET') {
    if (!opened.db) return send(res, 503, { error: 'the database is not open yet' });
    dumpDatabase(opened.db).then(
      (dump) => {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'x-tables': String(dump.tables), 'x-rows': String(dump.rows) });
        res.end(dump.text);
      },
      (error: Error) => send(res, 500, { error: error.message }),
    );
    return;
  }
  if (path !== '/emails') return send(res, 404, { error: 'GET /emails, POST /jobs/{name}, POST /schools, PUT or DELETE /schools/{adminId}/clock, GET /dump' });
  if (req.method === 'GET') return send(res, 200, emails);
  // No DELETE: parallel workers read the one capture; each forgets on its own side (clearMailbox).
  return send(res, 405, { error: 'GET /emails' });
});
await new Promise<void>((resolve, reject) => {
  mailApi.once('error', reject);
  mailApi.listen(MAIL_API_PORT, HOST, () => resolve());
});

// --- The app, as server/main.ts starts it ---------------------------------------------------

const config = readConfig({
  ...process.env,
  PORT: String(APP_PORT),
  HOST,
  APP_URL: `http://${HOST}:${APP_PORT}`,
  DATA_DIR: dataDir,
  SEED_DEMO: '1',
  SMTP_URL: `smtp://${HOST}:${smtpPort}`,
  // Every request goes to the log file (the card-number check reads it); the console shows warnings.
  LOG_LEVEL: 'info',
  // Whatever the shell says: the embedded database and in-process counters, every time.
  DATABASE_URL: '',
  REDIS_URL: '',
  TRUST_PROXY: '0',
});

const E2E_DB_PREFIX = `cadenza_e2e_`;
const postgresUrl = process.env.E2E_DATABASE_URL;
if (postgresUrl) await dropOrphanDatabases(postgresUrl, E2E_DB_PREFIX, isRunning);
const db = postgresUrl
  ? await openTestDatabase(postgresUrl, `${E2E_DB_PREFIX}${process.pid}_`)
  : await openDatabase({ dataDir: join(config.dataDir, 'pglite') });
await db.migrate();
// The demo's files (the Library's, the courses' covers) go to the app's own storage, so their links open.
await seedDemoIfEmpty(db, secretBoxOf(config), createStorage(config));
opened.db = db;

mkdirSync(dirname(SERVER_LOG), { recursive: true });
const logFile = createWriteStream(SERVER_LOG, { flags: 'w' });
const WARN = 40;
/** Pino's lines (JSON) to the file; warnings and errors to the console too. */
const logStream = {
  write(line: string) {
    logFile.write(line);
    const level = Number((/"level":(\d+)/.exec(line) ?? [])[1]);
    if (level >= WARN) process.stdout.write(line);
  },
};
const log = {
  info: (msg: string) => {
    logFile.write(`${msg}\n`);
    console.log(msg);
  },
  error: (obj: unknown, msg?: string) => {
    logFile.write(`${msg ?? 'error'} ${JSON.stringify(obj, (_k, v: unknown) => (v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v))}\n`);
    console.error(msg ?? 'error', obj);
  },
};
// The one difference from server/main.ts: a clock a spec can set for its own school (decision 067).
const services = { ...createServices(config, db, log), clock };
const app = await buildApp(services, { logger: { stream: logStream }, ...(process.env.WEB_DIST ? { webRoot: process.env.WEB_DIST } : {}) });
await app.listen({ port: config.port, host: config.host });
services.jobs.trigger('deliver-emails');
// A job's emails are delivered by another job: the answer waits for both.
runJob = async (name) => {
  services.jobs.trigger(name);
  await services.jobs.idle();
  services.jobs.trigger('deliver-emails');
  await services.jobs.idle();
};
console.log(`e2e server: app ${config.appUrl}, SMTP ${HOST}:${smtpPort}, mail API http://${HOST}:${MAIL_API_PORT}/emails, data ${dataDir}, log ${SERVER_LOG}`);

// Playwright sends SIGTERM to the whole process group and, once npx has exited, SIGKILL: there
// may be no time for a graceful close, and the database is thrown away anyway. So the data folder
// goes first, synchronously; a PostgreSQL database is dropped if there is time. (A run killed even
// sooner is cleaned up by the next one, above.)
function stop() {
  rmSync(dataDir, { recursive: true, force: true });
  if (!postgresUrl) process.exit(0);
  // The jobs first: a timer's run after the pool has ended logged "Cannot use a pool after calling end".
  services.close().finally(() => db.close()).finally(() => process.exit(0));
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
