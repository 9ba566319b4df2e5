/**
 * The JavaScript a first visit downloads, gzipped: the entry's static imports plus the static
 * closure of a page's lazy chunk (DESIGN.md budget: /login under 120 KB).
 * Run after `npx vite build`:  npx tsx web/scripts/initial-js-size.ts [pageModule] [budgetKB]
 * e.g. `npx tsx web/scripts/initial-js-size.ts features/auth/LoginPage.tsx 120` (exit 1 if over).
 * DIST=<folder> measures a build made elsewhere (default dist/web).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };

const DIST = process.env.DIST ?? fileURLToPath(new URL('../../dist/web', import.meta.url));
const [page = 'features/auth/LoginPage.tsx', budget] = process.argv.slice(2);

const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entry || !manifest[page]) throw new Error(`No entry or no chunk for ${page} in the manifest`);

const needed = new Set<string>();
const visit = (key: string): void => {
  if (needed.has(key)) return;
  needed.add(key);
  for (const dependency of manifest[key]?.imports ?? []) visit(dependency);
};
visit(entry);
const entryOnly = new Set(needed);
visit(page);

const gzipped = (key: string) => gzipSync(readFileSync(join(DIST, manifest[key]!.file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = [...needed].map((key) => ({ file: manifest[key]!.file, bytes: gzipped(key), entry: entryOnly.has(key) }));
rows.sort((a, b) => b.bytes - a.bytes);
for (const row of rows) console.log(`${kb(row.bytes).padStart(9)}  ${row.entry ? 'entry' : 'page '}  ${row.file}`);
const total = rows.reduce((sum, row) => sum + row.bytes, 0);
const entryTotal = rows.filter((row) => row.entry).reduce((sum, row) => sum + row.bytes, 0);
console.log(`${kb(entryTotal).padStart(9)}  entry and its static imports (what index.html loads)`);
console.log(`${kb(total).padStart(9)}  total for ${page}`);
if (budget && total > Number(budget) * 1024) {
  console.error(`Over the budget of ${budget} KB`);
  process.exit(1);
}
