/**
 * What stops a bench server's event loop (decision 065): with BENCH_PAUSES set to a file, the
 * server samples its event-loop delay and times its garbage collections, and on SIGUSR2 appends
 * what it saw since the last SIGUSR2 to that file as one JSON line. bench/load.ts signals the
 * app and the bare server alike around each turn, so both are watched the same way.
 */
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver, constants } from 'node:perf_hooks';

export type Pauses = {
  /** Event-loop delay (ms) beyond the sampling interval: how late a timer due now would run. */
  loopP50: number; loopP99: number; loopMax: number;
  /** Garbage collections by kind: count and total / longest pause in ms. */
  gc: Record<string, { count: number; totalMs: number; maxMs: number }>;
  /** How many times a 1 ms timer ran 20 ms or more late. */
  stalls: number;
  /** The heap in use when asked (MB): what the next full collection has to mark. */
  heapMb: number;
};

const KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak-callbacks',
};

export function watchPauses(file: string | undefined): void {
  if (!file) return;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let gc: Pauses['gc'] = {};
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = KINDS[(entry as PerformanceEntry & { detail?: { kind: number } }).detail?.kind ?? -1] ?? 'other';
      const k = (gc[kind] ??= { count: 0, totalMs: 0, maxMs: 0 });
      k.count += 1;
      k.totalMs += entry.duration;
      k.maxMs = Math.max(k.maxMs, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  // A stall: a 1 ms timer that ran 20 ms or more late (sync work, a collection, or the kernel
  // giving the core to another process, which the bare server suffers alike).
  let stalls = 0;
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last > 21) stalls += 1;
    last = now;
  }, 1).unref();
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  process.on('SIGUSR2', () => {
    const out: Pauses = {
      loopP50: ms(loop.percentile(50)), loopP99: ms(loop.percentile(99)), loopMax: ms(loop.max),
      gc: Object.fromEntries(Object.entries(gc).map(([k, v]) => [k, { count: v.count, totalMs: Math.round(v.totalMs), maxMs: Math.round(v.maxMs * 10) / 10 }])),
      stalls,
      heapMb: Math.round(process.memoryUsage().heapUsed / 1e5) / 10,
    };
    appendFileSync(file, `${JSON.stringify(out)}\n`);
    loop.reset();
    gc = {};
    stalls = 0;
  });
}
