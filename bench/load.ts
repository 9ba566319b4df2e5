/**
 * How `npm run bench` loads the two servers (decision 026). Throughput is measured with open
 * connections (as many requests as the server can take); latency at a fixed rate, half of what
 * the bare server managed, offered to both: at full load p99 only measures the queue (Little's law).
 */
import autocannon from 'autocannon';
import { existsSync, readFileSync } from 'node:fs';
import { cpuMs } from './chat-load.js';
import { percentile } from './percentile.js';
import type { Pauses } from './pause-monitor.js';

export const BUDGET = { throughputRatio: 0.8, p99Ratio: 1.5 } as const;

export type Result = {
  rps: number; p50: number; p99: number; errors: number; timeouts: number; non2xx: number; answered: number;
  /** The server process's CPU (user + system) over its turns, when its pid is known (decision 065). */
  cpuMs?: number | null;
  /** What stopped the server's event loop during its turns (`--pauses`, bench/pause-monitor.ts). */
  pauses?: Pauses[];
  /** Every answer's latency (ms) of a fixed-rate turn, so that turns pool into exact percentiles. */
  latencies?: number[];
};
export type Comparison = {
  app: Result; bare: Result; ratio: number;
  rate: number; appAtRate: Result; bareAtRate: Result; p99Ratio: number;
  pass: boolean;
};
export type Target = (port: number) => autocannon.Options;

/** The server's pid and, with `--pauses`, the file its pause monitor writes to. */
type Watched = { pid?: number; pauses?: string };

const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);

/** Asks the server for what it saw since it was last asked (pause-monitor.ts) and waits for the line. */
async function readPauses(w: Watched): Promise<Pauses | undefined> {
  if (!w.pid || !w.pauses) return undefined;
  const count = lines(w.pauses).length;
  process.kill(w.pid, 'SIGUSR2');
  for (let i = 0; i < 100; i += 1) {
    const now = lines(w.pauses);
    if (now.length > count) return JSON.parse(now[now.length - 1]!) as Pauses;
    await new Promise((r) => setTimeout(r, 10));
  }
  return undefined;
}

async function load(options: autocannon.Options, seconds: number, w: Watched = {}): Promise<Result> {
  const { pid } = w;
  await readPauses(w);
  const before = cpuMs(pid);
  const timeout = Math.max(2, Math.floor(seconds * 0.8));
  // A request slower than the run would be neither answered nor an error: time it out inside the
  // run, so that a server that stalls shows up as timeouts instead of as nothing at all.
  // At a fixed rate every answer's time is kept, so that a side's turns pool into the
  // percentiles of all their answers (pool below).
  const latencies: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ timeout, ...options, duration: seconds }, (error, result) => (error ? reject(error) : resolve(result)));
    if (options.overallRate) run.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  const after = cpuMs(pid);
  const pauses = await readPauses(w);
  return {
    ...(pauses ? { pauses: [pauses] } : {}),
    cpuMs: before === null || after === null ? null : after - before,
    rps: r.requests.total / seconds, p50: r.latency.p50, p99: r.latency.p99,
    errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, answered: r.requests.total,
    ...(options.overallRate ? { latencies } : {}),
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
    const a = { pid: pids.app, pauses: pids.pauses?.app };
    const b = { pid: pids.bare, pauses: pids.pauses?.bare };
    apps.push(await load(app, slice, a));
    bares.push(await load(bare, slice, b), await load(bare, slice, b));
    apps.push(await load(app, slice, a));
  }
  return [apps.reduce(pool), bares.reduce(pool)];
}

/**
 * Slices of equal length: the mean rate. autocannon's percentiles cannot be merged exactly, so
 * there the mean p50 and the worst p99; the fixed-rate turns keep every latency, so theirs are
 * the percentiles of all answers of the side's turns together.
 */
function pool(x: Result, y: Result, pooled: number): Result {
  const latencies = x.latencies && y.latencies ? [...x.latencies, ...y.latencies] : undefined;
  return {
    rps: (x.rps * pooled + y.rps) / (pooled + 1),
    ...(latencies
      ? { latencies, p50: percentile(latencies, 50), p99: percentile(latencies, 99) }
      : { p50: (x.p50 * pooled + y.p50) / (pooled + 1), p99: Math.max(x.p99, y.p99) }),
    errors: x.errors + y.errors, timeouts: x.timeouts + y.timeouts, non2xx: x.non2xx + y.non2xx, answered: x.answered + y.answered,
    cpuMs: x.cpuMs == null || y.cpuMs == null ? null : x.cpuMs + y.cpuMs,
    ...(x.pauses || y.pauses ? { pauses: [...(x.pauses ?? []), ...(y.pauses ?? [])] } : {}),
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
  for (const p of r.pauses ?? []) {
    const gc = Object.entries(p.gc).map(([kind, g]) => `${kind} ${g.count}× ${g.totalMs} ms (max ${g.maxMs})`).join(', ');
    console.log(`    turn: event-loop delay p50 ${p.loopP50} p99 ${p.loopP99} max ${p.loopMax} ms, stalls ≥ 20 ms ${p.stalls}; GC ${gc || 'none'}; heap ${p.heapMb} MB`);
  }
}

/** Throughput with open connections, then p99 at half the bare server's maximum, app against bare. */
/** The servers' process ids, for their CPU time (Linux's /proc); without them no CPU is printed. */
export type Pids = { app?: number; bare?: number; pauses?: { app: string; bare: string } };

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
  // The samples were for pooling; the saved results keep the percentiles.
  delete appAtRate.latencies;
  delete bareAtRate.latencies;

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
