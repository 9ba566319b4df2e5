/**
 * npx tsx bench/cpu-probe.ts [--path /api/member/students/list] [--connections 10] [--seconds 5] [--rounds 3] [--cpu-prof dir] [--before dir]
 * CPU per answer of Cadenza and the bare server for one call, without the full bench: both run in
 * turns (app, bare, bare, app) at a few connections, and each side's Node process and its own
 * PostgreSQL backends (told apart by application_name) are charged their user + system time from
 * /proc (decision 065). On a shared machine these numbers swing far less than throughput.
 * `--perf file` records the app's process with perf (or, with `--only`, that side's).
 * `--before` names another checkout (e.g. `git archive` of an earlier commit): its app and its bare
 * server run as two more sides (`before`, `bare-before`), so a change is judged against the code
 * before it in the same run, each app against its own baseline (a change may touch both, as the
 * session lookup's did in decision 065).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMs } from './chat-load.js';
import { BENCH_PASSWORD } from './dataset.js';

const { values } = parseArgs({
  options: {
    path: { type: 'string', default: '/api/member/students/list' },
    body: { type: 'string', default: '{"page":3,"limit":6}' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    'cpu-prof': { type: 'string' },
    only: { type: 'string' },
    before: { type: 'string' },
    // perf's samples of the app's process while it is measured (CPU time only, where a
    // wall-clock --cpu-prof charges a preempted thread to whatever it was running).
    perf: { type: 'string' },
  },
});
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/cadenza_bench';
const named = (name: string) => `${url}${url.includes('?') ? '&' : '?'}application_name=probe_${name}`;

type Side = 'app' | 'bare' | 'before' | 'bare-before';

function start(script: string, name: Side): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const profile = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : values.perf ? ['--perf-basic-prof'] : [];
    const path = name === 'before' || name === 'bare-before' ? `${values.before}/bench/${script.slice(2)}` : new URL(script, import.meta.url).pathname;
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', path], {
      env: { ...process.env, BENCH_DATABASE_URL: named(name) }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      const m = /LISTENING (\d+)/.exec(chunk.toString());
      if (m) {
        (child as ChildProcess & { port: number }).port = Number(m[1]);
        resolve(child);
      }
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}
const portOf = (c: ChildProcess) => (c as ChildProcess & { port: number }).port;

const admin = new pg.Client({ connectionString: url });
await admin.connect();
/** The CPU of the PostgreSQL backends serving one side (its pool's connections). */
async function backendCpu(name: string): Promise<number> {
  const pids = (await admin.query('select pid from pg_stat_activity where application_name = $1', [`probe_${name}`])).rows.map((r) => r.pid as number);
  let sum = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      sum += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch { /* a backend that ended */ }
  }
  return sum;
}

const app = await start('./app-server.ts', 'app');
const bare = await start('./bare-server.ts', 'bare');
const before = values.before ? await start('./app-server.ts', 'before') : null;
const bareBefore = values.before ? await start('./bare-server.ts', 'bare-before') : null;
const login = await fetch(`http://127.0.0.1:${portOf(app)}/api/auth/local/login`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'benchadmin1', password: BENCH_PASSWORD }),
});
const token = ((await login.json()) as { data: { token: string } }).data.token;

type Tally = { answers: number; node: number; db: number; errors: number };
const tally: Record<Side, Tally> = {
  app: { answers: 0, node: 0, db: 0, errors: 0 }, bare: { answers: 0, node: 0, db: 0, errors: 0 }, before: { answers: 0, node: 0, db: 0, errors: 0 },
  'bare-before': { answers: 0, node: 0, db: 0, errors: 0 },
};
/** Each round's tally too: a ratio taken within one round, whose turns are seconds apart, swings less with the machine's load. */
const rounds: Partial<Record<Side, Tally>>[] = [];

async function turn(side: Side, seconds: number, count: boolean) {
  const child = side === 'app' ? app : side === 'bare' ? bare : side === 'before' ? before! : bareBefore!;
  const [n0, d0] = [cpuMs(child.pid), await backendCpu(side)];
  const r = await autocannon({
    url: `http://127.0.0.1:${portOf(child)}${values.path}`, method: 'POST', connections: Number(values.connections), duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: values.body,
  });
  const [n1, d1] = [cpuMs(child.pid), await backendCpu(side)];
  if (!count) return;
  tally[side].answers += r.requests.total;
  tally[side].node += n1! - n0!;
  tally[side].db += d1 - d0;
  tally[side].errors += r.errors + r.non2xx + r.timeouts;
  rounds.at(-1)![side] = { answers: r.requests.total, node: n1! - n0!, db: d1 - d0, errors: 0 };
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const loadAtStart = loadAverage();
try {
  const seconds = Number(values.seconds);
  const sides = (['app', 'bare', 'before', 'bare-before'] as const).filter((s) => (!values.only || s === values.only) && (s === 'app' || s === 'bare' || before));
  for (const side of sides) await turn(side, 3, false);
  // The app's process, or with --only the side named (e.g. bare's, to compare where each spends).
  const profiled = values.only === 'bare' ? bare : values.only === 'before' ? before! : values.only === 'bare-before' ? bareBefore! : app;
  const perf = values.perf ? spawn('perf', ['record', '-F', '997', '-g', '-p', String(profiled.pid), '-o', values.perf], { stdio: 'ignore' }) : null;
  for (let i = 0; i < Number(values.rounds); i += 1) {
    rounds.push({});
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) await turn(side, seconds, true);
  }
  if (perf) {
    perf.kill('SIGINT');
    await new Promise((resolve) => perf.on('exit', resolve));
  }
  const load = `${loadAtStart} at the start, ${loadAverage()} at the end`;
  for (const side of sides) {
    const t = tally[side];
    console.log(`${side.padEnd(11)} ${(t.answers / (seconds * Number(values.rounds))).toFixed(0).padStart(5)} req/s  node ${(t.node / t.answers).toFixed(3)} ms/answer  db ${(t.db / t.answers).toFixed(3)} ms/answer  errors ${t.errors}`);
  }
  const perAnswer = (t: Tally, db: boolean) => (t.node + (db ? t.db : 0)) / t.answers;
  const ratios: [Side, Side][] = [['app', 'bare'], ['before', 'bare'], ['before', 'bare-before'], ['app', 'before']];
  for (const [side, base] of ratios.filter(([x, y]) => sides.includes(x) && sides.includes(y))) {
    const median = (db: boolean) => {
      const each = rounds.map((r) => perAnswer(r[side]!, db) / perAnswer(r[base]!, db)).sort((x, y) => x - y);
      return each[Math.floor(each.length / 2)]!.toFixed(2);
    };
    console.log(`${side} / ${base}: node ${(perAnswer(tally[side], false) / perAnswer(tally[base], false)).toFixed(2)}  node+db ${(perAnswer(tally[side], true) / perAnswer(tally[base], true)).toFixed(2)}`
      + `  (median of the rounds' own ratios: node ${median(false)}  node+db ${median(true)})`);
  }
  console.log(`load ${load}`);
} finally {
  app.kill();
  bare.kill();
  before?.kill();
  bareBefore?.kill();
  await admin.end();
}
