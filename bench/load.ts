/**
 * How `npm run bench` loads the two servers (decision 026). Throughput is measured with open
 * connections (as many requests as the server can take); latency at a fixed rate, half of what
 * the bare server managed, offered to both: at full load p99 only measures the queue (Little's law).
 */
import autocannon from 'autocannon';
import { cpuMs } from './chat-load.js';

export const BUDGET = { throughputRatio: 0.8, p99Ratio: 1.5 } as const;

export type Result = {
  rps: number; p50: number; p99: number; errors: number; timeouts: number; non2xx: number; answered: number;
  /** The server process's CPU (user + system) over its turns, when its pid is known (decision 065). */
  cpuMs?: number | null;
};
export type Comparison = {
  app: Result; bare: Result; ratio: number;
  rate: number; appAtRate: Result; bareAtRate: Result; p99Ratio: number;
  pass: boolean;
};
export type Target = (port: number) => autocannon.Options;

async function load(options: autocannon.Options, seconds: number, pid?: number): Promise<Result> {
  const before = cpuMs(pid);
  // A request slower than the run would be neither answered nor an error: time it out inside the
  // run, so that a server that stalls shows up as timeouts instead of as nothing at all.
  const r = await autocannon({ timeout: Math.max(2, Math.floor(seconds * 0.8)), ...options, duration: seconds });
  const after = cpuMs(pid);
  return {
    cpuMs: before === null || after === null ? null : after - before,
    rps: r.requests.total / seconds, p50: r.latency.p50, p99: r.latency.p99,
    errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, answered: r.requests.total,
  };
}

/**
 * The two servers take turns app, bare, bare, app, in slices of about five seconds (a timeout at
 * 80% of a slice stays above what 100 queued connections wait for a report, about 2 s),
 * and each side's slices are pooled: other work on the machine (two cores shared with autocannon,
 * PostgreSQL and whatever else runs) then slows both alike instead of whichever ran second.
 */
async function inTurns(app: autocannon.Options, bare: autocannon.Options, seconds: number, pids: Pids): Promise<[Result, Result]> {
  const rounds = Math.max(1, Math.round(seconds / 10));
  const slice = Math.max(1, seconds / (2 * rounds));
  const apps: Result[] = [];
  const bares: Result[] = [];
  for (let i = 0; i < rounds; i += 1) {
    apps.push(await load(app, slice, pids.app));
    bares.push(await load(bare, slice, pids.bare), await load(bare, slice, pids.bare));
    apps.push(await load(app, slice, pids.app));
  }
  return [apps.reduce(pool), bares.reduce(pool)];
}

/** Slices of equal length: the mean rate; percentiles cannot be merged exactly, so the mean p50 and the worst p99. */
function pool(x: Result, y: Result, pooled: number): Result {
  return {
    rps: (x.rps * pooled + y.rps) / (pooled + 1),
    p50: (x.p50 * pooled + y.p50) / (pooled + 1), p99: Math.max(x.p99, y.p99),
    errors: x.errors + y.errors, timeouts: x.timeouts + y.timeouts, non2xx: x.non2xx + y.non2xx, answered: x.answered + y.answered,
    cpuMs: x.cpuMs == null || y.cpuMs == null ? null : x.cpuMs + y.cpuMs,
  };
}

const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const problems = (r: Result) => [
  r.non2xx ? `non-2xx ${r.non2xx}` : '', r.errors ? `errors ${r.errors}` : '', r.timeouts ? `timeouts ${r.timeouts}` : '',
].filter(Boolean).join('  ');

/**
 * CPU per answer: on a shared machine the latencies swing with other people's work, a server's
 * CPU per answer much less (decision 065, as decision 051 did for chat).
 */
const cpuPerAnswer = (r: Result) => (r.cpuMs == null || r.answered === 0 ? '' : `CPU ${(r.cpuMs / r.answered).toFixed(2)} ms/answer  `);

function print(label: string, r: Result) {
  console.log(`  ${label.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  ${cpuPerAnswer(r)}${problems(r)}`);
}

/** Throughput with open connections, then p99 at half the bare server's maximum, app against bare. */
/** The servers' process ids, for their CPU time (Linux's /proc); without them no CPU is printed. */
export type Pids = { app?: number; bare?: number };

export async function compare(app: Target, bare: Target, appPort: number, barePort: number, seconds: number, pids: Pids = {}): Promise<Comparison> {
  await load(app(appPort), 2);
  await load(bare(barePort), 2);
  const [appMax, bareMax] = await inTurns(app(appPort), bare(barePort), seconds, pids);
  print('Cadenza, open connections', appMax);
  print('bare node:http + pg, open connections', bareMax);
  const ratio = appMax.rps / bareMax.rps;

  const rate = Math.max(1, Math.round(bareMax.rps / 2));
  const [appAtRate, bareAtRate] = await inTurns({ ...app(appPort), overallRate: rate }, { ...bare(barePort), overallRate: rate }, seconds, pids);
  print(`Cadenza at ${rate} req/s`, appAtRate);
  print(`bare at ${rate} req/s`, bareAtRate);
  const p99Ratio = appAtRate.p99 / bareAtRate.p99;

  // Failed answers would make either side look faster than it is.
  const clean = [appMax, bareMax, appAtRate, bareAtRate].every((r) => r.answered > 0 && !r.non2xx && !r.errors && !r.timeouts);
  const pass = clean && ratio >= BUDGET.throughputRatio && p99Ratio <= BUDGET.p99Ratio;
  console.log(`  throughput ${(ratio * 100).toFixed(0)}% of bare (≥ ${BUDGET.throughputRatio * 100}%), p99 at ${rate} req/s ${p99Ratio.toFixed(2)} × bare (≤ ${BUDGET.p99Ratio})${clean ? '' : ', failed answers'}: ${pass ? 'PASS' : 'FAIL'}`);
  return { app: appMax, bare: bareMax, ratio, rate, appAtRate, bareAtRate, p99Ratio, pass };
}

/** One connection, app only: the time one teacher waits for their week (issue 4's budget). */
export async function latencyAlone(app: autocannon.Options, seconds: number, budgetMs: number) {
  await load(app, 2);
  const r = await load(app, seconds);
  const pass = r.answered > 0 && !r.non2xx && !r.errors && !r.timeouts && r.p99 <= budgetMs;
  print('Cadenza, one connection', r);
  console.log(`  p99 ${ms(r.p99)} (≤ ${budgetMs} ms): ${pass ? 'PASS' : 'FAIL'}`);
  return { app: r, pass };
}
