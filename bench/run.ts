/**
 * npm run bench [-- --scale 0.05 --duration 10 --connections 100]
 * Starts Cadenza and a bare node:http + pg server on the same PostgreSQL data, loads both with
 * autocannon in this process, and prints requests per second, p50/p99 and the ratio.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/db/client.js';
import { BENCH_PASSWORD, BENCH_TEACHER, generateDataset } from './dataset.js';
import { DateTime } from 'luxon';
import { measureBundles } from './bundle-sizes.js';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '100' },
  },
});
const scale = Number(values.scale);
const duration = Number(values.duration);
const connections = Number(values.connections);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/cadenza_bench';

async function ensureDatabase() {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  await client.end();
  const db = await openDatabase({ url });
  await db.migrate();
  await db.close();
}

function startServer(script: string): Promise<{ port: number; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, BENCH_DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      const m = /LISTENING (\d+)/.exec(chunk.toString());
      if (m) resolve({ port: Number(m[1]), child });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

type Result = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function load(name: string, options: autocannon.Options): Promise<Result> {
  const r = await autocannon({ duration, connections, ...options });
  const out = { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
  console.log(`  ${name.padEnd(28)} ${out.rps.toFixed(0).padStart(7)} req/s  p50 ${out.p50} ms  p99 ${out.p99} ms${out.non2xx ? `  non-2xx ${out.non2xx}` : ''}`);
  return out;
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

const app = await startServer(new URL('./app-server.ts', import.meta.url).pathname);
const bare = await startServer(new URL('./bare-server.ts', import.meta.url).pathname);
const results: Record<string, { app: Result; bare: Result; ratio: number }> = {};

try {
  const token = await signIn(app.port, 'benchadmin1');
  const listRequest = (port: number): autocannon.Options => ({
    url: `http://127.0.0.1:${port}/api/auth/loginAsCandidates`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ page: 3, limit: 6 }),
  });
  const studentsRequest = (port: number): autocannon.Options => ({
    url: `http://127.0.0.1:${port}/api/member/students/list`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ page: 3, limit: 6 }),
  });
  // A teacher's weekly calendar: this week of three years of weekly lessons for 40 students.
  const teacherToken = await signIn(app.port, BENCH_TEACHER);
  const week = DateTime.now().setZone('America/New_York').startOf('week');
  const calendarRequest = (port: number): autocannon.Options => ({
    url: `http://127.0.0.1:${port}/api/scheduling/getEvents`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${teacherToken}` },
    body: JSON.stringify({ start: week.toISO(), end: week.plus({ weeks: 1 }).toISO() }),
  });
  // The issue's latency budget (p99 under 20 ms) is the time one teacher waits for their week:
  // one connection, beside the throughput ratio at full load (on two cores autocannon, the app
  // and PostgreSQL share the CPU, so 100 connections measure the queue, not the answer).
  const calendarLatencyRequest = (port: number): autocannon.Options => ({ ...calendarRequest(port), connections: 1 });
  let n = 0;
  // Each sign-in comes from its own address (as behind a load balancer), so the per-address
  // limit measures sign-in itself; usernames rotate over the schools.
  // A sign-in costs ~20 ms of argon2 on a worker thread: 16 at once already fill both cores,
  // and more would only measure the queue.
  const loginRequest = (port: number): autocannon.Options => ({
    connections: Math.min(connections, 16),
    timeout: 30,
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

  for (const [name, make] of [
    ['paged list (loginAsCandidates)', listRequest], ['students list', studentsRequest],
    ['weekly calendar of a teacher', calendarRequest], ['weekly calendar, one teacher', calendarLatencyRequest], ['login', loginRequest],
  ] as const) {
    console.log(`\n${name} (${make(app.port).connections ?? connections} connections):`);
    await load('warm-up', { ...make(app.port), duration: 2 });
    const appResult = await load('Cadenza (Fastify)', make(app.port));
    await load('warm-up', { ...make(bare.port), duration: 2 });
    const bareResult = await load('bare node:http + pg', make(bare.port));
    const ratio = appResult.rps / bareResult.rps;
    results[name] = { app: appResult, bare: bareResult, ratio };
    console.log(`  ratio ${(ratio * 100).toFixed(0)}% of bare (budget ≥ 60%)`);
  }
} finally {
  app.child.kill();
  bare.child.kill();
}

const bundles = await measureBundles();
console.log(`\nweb bundles (gzip):`);
console.log(`  /login initial JavaScript    ${(bundles.loginInitialBytes / 1024).toFixed(1)} KB (budget 120 KB)`);
console.log(`  largest chunk                ${(bundles.largestChunk.bytes / 1024).toFixed(1)} KB ${bundles.largestChunk.file} (budget 250 KB)`);

mkdirSync(new URL('./results', import.meta.url), { recursive: true });
const file = new URL(`./results/bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`, import.meta.url);
writeFileSync(file, JSON.stringify({ scale, duration, connections, sizes, results, bundles }, null, 2));
console.log(`\nSaved ${file.pathname}`);
