/**
 * npm run bench [-- --scale 0.05 --duration 10 --connections 100 --only sign-in --lighthouse-runs 3 --sockets 1000 --chat-rate 200 --cpu-prof dir]
 * Starts Cadenza and a bare node:http + pg server on the same PostgreSQL data, loads both with
 * autocannon in this process (load.ts: throughput, then p99 at a fixed rate), scores the public
 * pages with Lighthouse (lighthouse.ts), measures chat delivery over 1,000 sockets beside a bare
 * Socket.IO server (chat-load.ts), and prints each budget's pass or fail (decision 026).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/db/client.js';
import { BENCH_PASSWORD, BENCH_TEACHER, generateDataset, sizesFor } from './dataset.js';
import { DateTime } from 'luxon';
import { measureBundles } from './bundle-sizes.js';
import { compare, latencyAlone, type Comparison, type Result } from './load.js';
import { printPageResults, scorePages, type PageResult } from './lighthouse.js';
import { publicPagePaths } from './public-pages.js';
import { chatPairs } from './chat-dataset.js';
import { compareChat, type ChatComparison } from './chat-load.js';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '100' },
    // Only the parts whose name contains this text, e.g. `sign-in` or `public pages`.
    only: { type: 'string' },
    'lighthouse-runs': { type: 'string', default: '3' },
    // The chat item: this many sockets (half teachers, half their students) and messages a second.
    sockets: { type: 'string', default: '1000' },
    'chat-rate': { type: 'string', default: '200' },
    // A folder: the servers run with --cpu-prof and write their profiles there when stopped.
    'cpu-prof': { type: 'string' },
    // A folder: each server's event-loop delay and garbage collections, printed under each turn
    // (bench/pause-monitor.ts, decision 065).
    pauses: { type: 'string' },
  },
});
const scale = Number(values.scale);
const duration = Number(values.duration);
const connections = Number(values.connections);
const lighthouseRuns = Number(values['lighthouse-runs']);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/cadenza_bench';

/**
 * Creates the bench database, or makes it anew when it holds a dataset of another scale: the
 * sign-in run picks usernames by the scale, and names that do not exist would fail (and reach
 * the failure limits) instead of signing in.
 */
async function ensureDatabase() {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const quoted = `"${name.replace(/"/g, '')}"`;
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount !== 0 && (await storedSchools()) !== sizesFor(scale).schools) {
    console.log(`The bench database holds another scale: making it anew.`);
    await client.query(`drop database ${quoted} with (force)`);
    await client.query(`create database ${quoted}`);
  } else if (exists.rowCount === 0) {
    await client.query(`create database ${quoted}`);
  }
  await client.end();
  const db = await openDatabase({ url });
  await db.migrate();
  await db.close();
}

/** How many bench schools the database holds (the scale it was generated at). */
async function storedSchools(): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [{ present }] = (await client.query(`select to_regclass('public.users') is not null as present`)).rows as [{ present: boolean }];
    if (!present) return sizesFor(scale).schools;
    const [{ n }] = (await client.query(`select count(*)::int as n from users where role = 'admin' and username like 'benchadmin%'`)).rows as [{ n: number }];
    return n === 0 ? sizesFor(scale).schools : n;
  } finally {
    await client.end();
  }
}

const pausesFile = (side: string) => (values.pauses ? `${values.pauses}/${side}-${process.pid}.jsonl` : '');

function startServer(script: string, env: Record<string, string> = {}): Promise<{ port: number; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const profile = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
      env: { ...process.env, ...env, BENCH_DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      const m = /LISTENING (\d+)/.exec(chunk.toString());
      if (m) resolve({ port: Number(m[1]), child });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function signIn(port: number, username: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/local/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

await ensureDatabase();
console.log(`Generating the dataset (scale ${scale})…`);
const sizes = await generateDataset(url, scale);
console.log(`  ${sizes.schools} schools, ${sizes.users} users`);

if (values.pauses) mkdirSync(values.pauses, { recursive: true });
const app = await startServer(new URL('./app-server.ts', import.meta.url).pathname, { BENCH_PAUSES: pausesFile('app') });
const bare = await startServer(new URL('./bare-server.ts', import.meta.url).pathname, { BENCH_PAUSES: pausesFile('bare') });
const pauses = values.pauses ? { app: pausesFile('app'), bare: pausesFile('bare') } : undefined;
const results: Record<string, Comparison | ChatComparison | { app: Result; pass: boolean }> = {};
const wanted = (name: string) => !values.only || name.includes(values.only);

try {
  const token = await signIn(app.port, 'benchadmin1');
  const listRequest = (port: number): autocannon.Options => ({
    connections,
    url: `http://127.0.0.1:${port}/api/auth/loginAsCandidates`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ page: 3, limit: 6 }),
  });
  const studentsRequest = (port: number): autocannon.Options => ({
    connections,
    url: `http://127.0.0.1:${port}/api/member/students/list`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ page: 3, limit: 6 }),
  });
  // A teacher's weekly calendar: this week of three years of weekly lessons for 40 students.
  const teacherToken = await signIn(app.port, BENCH_TEACHER);
  const week = DateTime.now().setZone('America/New_York').startOf('week');
  const calendarRequest = (port: number): autocannon.Options => ({
    connections,
    url: `http://127.0.0.1:${port}/api/scheduling/getEvents`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${teacherToken}` },
    body: JSON.stringify({ start: week.toISO(), end: week.plus({ weeks: 1 }).toISO() }),
  });
  // Issue 11: the office's invoice list (a year of monthly invoices for 100 students) and the
  // payments report over the page's default range, the last twelve months.
  const invoicesRequest = (port: number): autocannon.Options => ({
    connections,
    url: `http://127.0.0.1:${port}/api/invoices/list`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ page: 1 }),
  });
  const today = DateTime.now().setZone('America/New_York');
  const paymentsRequest = (port: number): autocannon.Options => ({
    connections,
    url: `http://127.0.0.1:${port}/api/reports/payments/list`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ from: today.minus({ months: 11 }).startOf('month').toISODate(), to: today.toISODate(), page: 1 }),
  });
  // Issue 15: the student report's first page over the last three months (decision 044).
  const studentReportRequest = (port: number): autocannon.Options => ({
    connections,
    url: `http://127.0.0.1:${port}/api/reporting/getStudentReport`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ from: today.minus({ months: 3 }).toISODate(), to: today.toISODate(), page: 1, limit: 10 }),
  });
  // Issue 16: the store's product listing, first page of ten, of a school with 50 products (among 50,000).
  const storeListRequest = (port: number): autocannon.Options => ({
    connections,
    url: `http://127.0.0.1:${port}/api/store/getStoreList`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ page: 1, limit: 10 }),
  });
  let n = 0;
  // Each sign-in comes from its own address (as behind a load balancer, TRUST_PROXY), so the
  // per-address limit never answers for the server; usernames rotate over the schools that the
  // database really holds, so no attempt fails and no failure limit is reached either.
  // A sign-in is ~20 ms of argon2 (19 MiB) on one of libuv's four worker threads: four at once
  // fill them, and more only wait in libuv's queue, where they time out and are still hashed
  // after autocannon gave up on them, which slows the next ones (the runs that swung and the one
  // that answered nothing within the run).
  const loginRequest = (port: number): autocannon.Options => ({
    connections: Math.min(connections, 4),
    url: `http://127.0.0.1:${port}/api/auth/local/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [{
      setupRequest: (req) => {
        n += 1;
        return {
          ...req,
          headers: { ...req.headers, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
          body: JSON.stringify({ username: `benchadmin${1 + (n % sizes.schools)}`, password: BENCH_PASSWORD }),
        };
      },
    }],
  });

  // Issue 15: last month's payroll of the first school's 50 teachers (about 2,200 lessons counted
  // and written); few connections, since each call writes a payroll, deleted after the run.
  const lastMonth = today.minus({ months: 1 });
  const payrollRequest = (port: number): autocannon.Options => ({
    connections: Math.min(connections, 4),
    url: `http://127.0.0.1:${port}/api/payroll/generate`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ from: lastMonth.startOf('month').toISODate(), to: lastMonth.endOf('month').toISODate() }),
  });

  for (const [name, make] of [
    ['paged list (loginAsCandidates)', listRequest], ['students list', studentsRequest],
    ['weekly calendar of a teacher', calendarRequest], ['invoice list', invoicesRequest], ['payments report', paymentsRequest], ['student report', studentReportRequest],
    ['sign-in', loginRequest], ['payroll generation', payrollRequest], ['store list', storeListRequest],
  ] as const) {
    if (!wanted(name)) continue;
    console.log(`\n${name} (${make(app.port).connections} connections):`);
    results[name] = await compare(make, make, app.port, bare.port, duration, { app: app.child.pid, bare: bare.child.pid, pauses });
  }
  // Issue 4's budget: one teacher waits under 20 ms (p99) for their week.
  if (wanted('weekly calendar, one teacher')) {
    console.log(`\nweekly calendar, one teacher (1 connection):`);
    results['weekly calendar, one teacher'] = await latencyAlone({ ...calendarRequest(app.port), connections: 1 }, duration, 20);
  }
  if (wanted('chat sockets')) {
    const bareChat = await startServer(new URL('./bare-chat-server.ts', import.meta.url).pathname);
    try {
      const pairs = await chatPairs(url, Math.round(Number(values.sockets) / 2));
      console.log(`\nchat sockets (delivery time of newMessage):`);
      const chat = await compareChat(pairs, { app: { port: app.port, pid: app.child.pid }, bare: { port: bareChat.port, pid: bareChat.child.pid } }, Number(values['chat-rate']), duration);
      results['chat sockets'] = chat;
      for (const [name, r] of [['Cadenza', chat.app], ['bare', chat.bare]] as const) {
        const cpu = r.cpuMsPerMessage === null ? '' : `  CPU ${r.cpuMsPerMessage} ms/message`;
        console.log(`  ${name.padEnd(8)} p50 ${r.p50} ms  p99 ${r.p99} ms  delivered ${r.delivered}/${r.sent}  lost ${r.lost}  refused ${r.errors}${cpu}`);
      }
      console.log(`  p99 ${chat.p99Ratio}× bare (budget ≤ 2×, nothing lost) ${chat.pass ? 'PASS' : 'FAIL'}`);
    } finally {
      bareChat.child.kill();
    }
  }
} finally {
  app.child.kill();
  bare.child.kill();
  if (wanted('payroll generation')) await deleteBenchPayrolls();
}

/** The payrolls the payroll run wrote (never approved): gone, so the next run counts the same. */
async function deleteBenchPayrolls() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('delete from payrolls');
  await client.end();
}

let pages: PageResult[] = [];
if (wanted('public pages')) {
  // A second Cadenza that serves the build as production does (precompressed files, cache headers).
  const web = await startServer(new URL('./app-server.ts', import.meta.url).pathname, { BENCH_SERVE_WEB: '1' });
  try {
    pages = await scorePages(`http://127.0.0.1:${web.port}`, await publicPagePaths(url), lighthouseRuns);
    printPageResults(pages);
  } finally {
    web.child.kill();
  }
}

const bundles = await measureBundles();
console.log(`\nweb bundles (gzip):`);
console.log(`  /login initial JavaScript    ${(bundles.loginInitialBytes / 1024).toFixed(1)} KB (budget 120 KB)`);
console.log(`  largest chunk                ${(bundles.largestChunk.bytes / 1024).toFixed(1)} KB ${bundles.largestChunk.file} (budget 250 KB)`);

const failed = [...Object.entries(results).filter(([, r]) => !r.pass).map(([name]) => name), ...pages.filter((p) => !p.pass).map((p) => p.page)];
console.log(failed.length ? `\nOver budget: ${failed.join(', ')}` : '\nEvery budget met.');
if (failed.length) process.exitCode = 1;

mkdirSync(new URL('./results', import.meta.url), { recursive: true });
const file = new URL(`./results/bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`, import.meta.url);
writeFileSync(file, JSON.stringify({ scale, duration, connections, sizes, results, pages, bundles }, null, 2));
console.log(`\nSaved ${file.pathname}`);
