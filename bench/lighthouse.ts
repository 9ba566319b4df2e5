/**
 * Lighthouse (mobile profile, its default: a mid-range phone on slow 4G, simulated) on each public
 * page, served by Cadenza from the build `npm run bench` makes first. Schools embed these pages in
 * their own sites, so they have a landing page's budget (decision 026).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const PAGE_BUDGET = { performance: 95, lcpMs: 2500 } as const;

export type PageScore = { performance: number; lcpMs: number; tbtMs: number; scriptKb: number };
export type PageResult = { page: string; path: string; runs: PageScore[]; median: PageScore; pass: boolean };

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Each page `runs` times in one browser; the budget is judged on the median, as Lighthouse advises. */
export async function scorePages(origin: string, pages: { page: string; path: string }[], runs: number): Promise<PageResult[]> {
  // Root has no user namespace for Chromium's sandbox; the pages are our own.
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const results: PageResult[] = [];
    for (const { page, path } of pages) {
      const scores: PageScore[] = [];
      for (let i = 0; i < runs; i += 1) scores.push(await scoreOnce(chrome.port, origin + path));
      const mid = {
        performance: median(scores.map((s) => s.performance)),
        lcpMs: median(scores.map((s) => s.lcpMs)),
        tbtMs: median(scores.map((s) => s.tbtMs)),
        scriptKb: median(scores.map((s) => s.scriptKb)),
      };
      results.push({ page, path, runs: scores, median: mid, pass: mid.performance >= PAGE_BUDGET.performance && mid.lcpMs <= PAGE_BUDGET.lcpMs });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/** Lighthouse's own failures to record a trace, whose message says to run it again (seen on a busy machine). */
const RUN_AGAIN = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);
const ATTEMPTS = 3;

async function scoreOnce(port: number, url: string): Promise<PageScore> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const error = lhr.runtimeError;
    if (error && RUN_AGAIN.has(error.code) && attempt < ATTEMPTS) {
      console.log(`  Lighthouse on ${url}: ${error.code}, running it again`);
      continue;
    }
    if (error) throw new Error(`Lighthouse on ${url}: ${error.message}`);
    return scoreOf(lhr);
  }
}

function scoreOf(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): PageScore {
  const items = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    scriptKb: Math.round((items.find((i) => i.resourceType === 'script')?.transferSize ?? 0) / 1024),
  };
}

export function printPageResults(results: PageResult[]) {
  console.log(`\npublic pages, Lighthouse mobile (median of ${results[0]?.runs.length ?? 0}; budget performance ≥ ${PAGE_BUDGET.performance}, LCP ≤ ${PAGE_BUDGET.lcpMs / 1000} s):`);
  for (const r of results) {
    const each = r.runs.map((s) => `${s.performance}/${(s.lcpMs / 1000).toFixed(1)} s`).join(', ');
    console.log(`  ${r.page.padEnd(22)} performance ${String(r.median.performance).padStart(3)}  LCP ${(r.median.lcpMs / 1000).toFixed(2)} s  TBT ${r.median.tbtMs} ms  JS ${r.median.scriptKb} KB  ${r.pass ? 'PASS' : 'FAIL'}  (runs: ${each})`);
  }
}
