/**
 * The main thread's tasks on each public page, as Lighthouse's mobile run counts them: every task
 * by its thread time (a trace's `tdur`: the time the renderer ran, not the time other processes
 * held the core) times Lighthouse's CPU slowdown of 4. Unlike a Lighthouse score it holds on a busy
 * machine, so a change can be judged before and after on one (decision 097).
 *
 *   BENCH_SERVE_WEB=1 npx tsx bench/app-server.ts        # after `npm run build` and a bench run; prints its port
 *   npx tsx bench/main-thread.ts http://127.0.0.1:PORT [--runs 3] [--only signup]
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { publicPagePaths } from './public-pages.js';

const SLOWDOWN = 4;
const LONG_MS = 50;

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; tdur?: number; args?: { name?: string } };
type PageTasks = { blockingMs: number; longestMs: number; longTasks: number };

const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string', default: '3' }, only: { type: 'string' } } });
const origin = positionals[0];
if (!origin) throw new Error('Give the origin of a Cadenza serving the build, e.g. http://127.0.0.1:3335');
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/cadenza_bench';
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

/** The renderer's main-thread tasks after its first contentful paint, slowed down as Lighthouse's phone. */
function tasksAfterFirstPaint(events: TraceEvent[]): PageTasks | null {
  const paint = events.find((e) => e.name === 'firstContentfulPaint');
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === paint?.pid);
  // Seen on a busy machine: a trace whose paint event is missing. The run is not counted.
  if (!paint || !main) return null;
  const tasks = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && e.ph === 'X' && e.tdur)
    .map((e) => ({ endsUs: e.ts + (e.tdur ?? 0), ms: ((e.tdur ?? 0) / 1000) * SLOWDOWN }));
  const after = tasks.filter((t) => t.endsUs > paint.ts);
  return {
    blockingMs: Math.round(after.reduce((sum, t) => sum + Math.max(0, t.ms - LONG_MS), 0)),
    longestMs: Math.round(Math.max(0, ...after.map((t) => t.ms))),
    longTasks: after.filter((t) => t.ms > LONG_MS).length,
  };
}

const pages = (await publicPagePaths(url)).filter(({ page }) => !values.only || page.includes(values.only));
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  console.log('page                     blocking after first paint (ms, x4)   longest task   long tasks');
  for (const { page: name, path } of pages) {
    const runs: PageTasks[] = [];
    for (let i = 0; i < Number(values.runs); i += 1) {
      // A phone's viewport, as Lighthouse's mobile run: what is drawn first depends on it.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
      const page = await context.newPage();
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] });
      await page.goto(origin + path, { waitUntil: 'networkidle' });
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      const tasks = tasksAfterFirstPaint(trace.traceEvents);
      if (tasks) runs.push(tasks);
      await context.close();
    }
    if (!runs.length) {
      console.log(`${name.padEnd(24)} no trace with a first paint`);
      continue;
    }
    const list = (key: keyof PageTasks) => `${median(runs.map((r) => r[key]))} [${runs.map((r) => r[key]).join(', ')}]`;
    console.log(`${name.padEnd(24)} ${list('blockingMs').padEnd(38)} ${list('longestMs').padEnd(14)} ${median(runs.map((r) => r.longTasks))}`);
  }
} finally {
  await browser.close();
}
