/**
 * The chat item of `npm run bench` (decision 026): people's sockets connected to one server, a
 * fixed rate of messages between the pairs, and each message's delivery time from just before its
 * POST to the receiver's `newMessage`. The same clients and schedule for Cadenza and the bare
 * Socket.IO server (bare-chat-server.ts), in turns as the HTTP items take them.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import type { ChatPair, ChatPerson } from './chat-dataset.js';

export type ChatResult = { sent: number; delivered: number; lost: number; errors: number; p50: number; p99: number; cpuMsPerMessage: number | null };
export type ChatComparison = { sockets: number; rate: number; app: ChatResult; bare: ChatResult; p99Ratio: number; pass: boolean };
/** The server processes (their CPU time per message is reported beside the latencies). */
export type ChatServers = { app: { port: number; pid?: number }; bare: { port: number; pid?: number } };

/** How long a message may take, once the sending stops, before it counts as lost (never delivered, not merely slow). */
const GRACE_MS = 15_000;
/** Connections opened at once: each handshake is a session lookup, as a page load's would be. */
const CONNECT_BATCH = 50;

type Run = { pending: Map<string, number>; latencies: number[] };
type Side = { port: number; pid?: number; sockets: Socket[]; run: Run | null };

/**
 * CPU milliseconds a process has used (user + system, Linux's /proc), or null elsewhere. On a
 * shared machine the latencies swing with other people's work; a server's CPU time per message
 * swings much less, and is what its latency is made of once the cores are busy.
 */
export function cpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    // Fields 14 and 15 (utime, stime) in clock ticks of 10 ms, after the parenthesised name.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

function connect(port: number, person: ChatPerson, side: Side): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(`http://127.0.0.1:${port}`, { auth: { token: person.token }, transports: ['websocket'], reconnection: false, timeout: 20_000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(new Error(`socket of ${person.id}: ${error.message}`)));
    // Only the receiver's copy counts (the sender's own tabs get one too).
    socket.on('newMessage', (m: { message: string; receiver_id: string }) => {
      const sentAt = m.receiver_id === person.id ? side.run?.pending.get(m.message) : undefined;
      if (sentAt === undefined) return;
      side.run!.pending.delete(m.message);
      side.run!.latencies.push(performance.now() - sentAt);
    });
  });
}

async function connectAll({ port, pid }: { port: number; pid?: number }, people: ChatPerson[]): Promise<Side> {
  const side: Side = { port, pid, sockets: [], run: null };
  for (let i = 0; i < people.length; i += CONNECT_BATCH) {
    side.sockets.push(...(await Promise.all(people.slice(i, i + CONNECT_BATCH).map((p) => connect(port, p, side)))));
  }
  return side;
}

/** One turn: `rate` messages a second for `seconds`, then a grace period for the last ones. */
async function turn(side: Side, pairs: ChatPair[], rate: number, seconds: number, tag: string): Promise<ChatResult & { latencies: number[] }> {
  const run: Run = { pending: new Map(), latencies: [] };
  side.run = run;
  let sent = 0;
  let errors = 0;
  const total = Math.round(rate * seconds);
  const cpuBefore = cpuMs(side.pid);
  const sendOne = (k: number) => {
    const pair = pairs[k % pairs.length]!;
    const [from, to] = Math.floor(k / pairs.length) % 2 === 0 ? [pair.teacher, pair.student] : [pair.student, pair.teacher];
    const text = `${tag} ${k}`;
    run.pending.set(text, performance.now());
    sent += 1;
    fetch(`http://127.0.0.1:${side.port}/api/chat/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${from.token}` },
      body: JSON.stringify({ userId: to.id, message: text }),
    }).then(async (res) => {
      await res.arrayBuffer();
      if (!res.ok) throw new Error(String(res.status));
    }).catch(() => {
      errors += 1;
      run.pending.delete(text);
    });
  };
  const start = performance.now();
  await new Promise<void>((resolve) => {
    let k = 0;
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
      while (k < due) sendOne(k++);
      if (k >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 2);
  });
  const deadline = performance.now() + GRACE_MS;
  await new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (run.pending.size === 0 || performance.now() > deadline) {
        clearInterval(check);
        resolve();
      }
    }, 20);
  });
  side.run = null;
  const cpuAfter = cpuMs(side.pid);
  const cpuMsPerMessage = cpuBefore === null || cpuAfter === null || sent === 0 ? null : (cpuAfter - cpuBefore) / sent;
  return { sent, delivered: run.latencies.length, lost: run.pending.size, errors, ...percentiles(run.latencies), cpuMsPerMessage, latencies: run.latencies };
}

function percentiles(values: number[]): { p50: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);
  return { p50: Math.round(at(0.5) * 10) / 10, p99: Math.round(at(0.99) * 10) / 10 };
}

function pool(a: ChatResult, b: ChatResult, latencies: number[]): ChatResult {
  const cpu = a.cpuMsPerMessage === null || b.cpuMsPerMessage === null ? null
    : Math.round(((a.cpuMsPerMessage * a.sent + b.cpuMsPerMessage * b.sent) / (a.sent + b.sent)) * 100) / 100;
  return { sent: a.sent + b.sent, delivered: a.delivered + b.delivered, lost: a.lost + b.lost, errors: a.errors + b.errors, ...percentiles(latencies), cpuMsPerMessage: cpu };
}

/**
 * Connects every person to both servers, warms each up, then sends in turns app, bare, bare, app
 * (half the duration each) and pools each side's halves. Budget: nothing lost or refused, and
 * p99 at most twice the bare server's.
 */
export async function compareChat(pairs: ChatPair[], servers: ChatServers, rate: number, seconds: number): Promise<ChatComparison> {
  const people = pairs.flatMap((p) => [p.teacher, p.student]);
  const app = await connectAll(servers.app, people);
  const bare = await connectAll(servers.bare, people);
  try {
    console.log(`  ${app.sockets.length} sockets on Cadenza and ${bare.sockets.length} on the bare server; ${rate} messages/s`);
    await turn(app, pairs, rate, 2, 'warm-app');
    await turn(bare, pairs, rate, 2, 'warm-bare');
    const half = seconds / 2;
    const raw: Record<'app' | 'bare', { results: ChatResult[]; latencies: number[] }> = { app: { results: [], latencies: [] }, bare: { results: [], latencies: [] } };
    for (const [name, side] of [['app', app], ['bare', bare], ['bare', bare], ['app', app]] as const) {
      const { latencies, ...result } = await turn(side, pairs, rate, half, `${name}-${raw[name].results.length}`);
      raw[name].results.push(result);
      raw[name].latencies.push(...latencies);
    }
    const appResult = pool(raw.app.results[0]!, raw.app.results[1]!, raw.app.latencies);
    const bareResult = pool(raw.bare.results[0]!, raw.bare.results[1]!, raw.bare.latencies);
    const p99Ratio = Math.round((appResult.p99 / bareResult.p99) * 100) / 100;
    const pass = appResult.lost === 0 && appResult.errors === 0 && bareResult.lost === 0 && p99Ratio <= 2;
    return { sockets: app.sockets.length, rate, app: appResult, bare: bareResult, p99Ratio, pass };
  } finally {
    for (const s of [...app.sockets, ...bare.sockets]) s.close();
  }
}
