/**
 * The JavaScript a first visit downloads, gzipped: the entry's static imports plus the static
 * closure of a page's lazy chunk (docs/domains/conventions.md "Performance budgets": /login under 120 KB).
 *
 * After `npx vite build`:
 *   CLI:     npx tsx web/scripts/initial-js-size.ts [pageModule] [budgetKB]
 *            e.g. `npx tsx web/scripts/initial-js-size.ts features/auth/LoginPage.tsx 120`
 *            (prints the files, exits 1 if over the budget)
 *   Import:  `await measureInitialJs('features/auth/LoginPage.tsx')` (e.g. from bench/run.ts)
 * DIST=<folder> (or the `dist` argument) measures a build made elsewhere (default dist/web).
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };

export type InitialJsFile = {
  file: string;
  gzipBytes: number;
  /** Loaded by index.html itself; otherwise fetched for the page. */
  entry: boolean;
};

export type InitialJsSize = {
  totalGzipBytes: number;
  /** The part index.html loads whatever the page. */
  entryGzipBytes: number;
  /** Largest first. */
  files: InitialJsFile[];
};

const DEFAULT_DIST = process.env.DIST ?? fileURLToPath(new URL('../../dist/web', import.meta.url));
const gzipAsync = promisify(gzip);

/**
 * @param pageModule the page's source path relative to web/, as the build manifest names it,
 *   e.g. 'features/auth/LoginPage.tsx'
 * @param dist the build folder (default: $DIST or dist/web)
 */
export async function measureInitialJs(pageModule: string, dist: string = DEFAULT_DIST): Promise<InitialJsSize> {
  const manifestPath = join(dist, '.vite/manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error(`No entry chunk in ${manifestPath}: run \`npx vite build\` first`);
  if (!manifest[pageModule]) throw new Error(`No chunk for ${pageModule} in ${manifestPath}`);

  const needed = new Set<string>();
  const visit = (key: string): void => {
    if (needed.has(key)) return;
    needed.add(key);
    for (const dependency of manifest[key]?.imports ?? []) visit(dependency);
  };
  visit(entry);
  const entryOnly = new Set(needed);
  visit(pageModule);

  const files = await Promise.all(
    [...needed].map(async (key): Promise<InitialJsFile> => {
      const file = manifest[key]!.file;
      const gzipped = await gzipAsync(await readFile(join(dist, file)), { level: 9 });
      return { file, gzipBytes: gzipped.length, entry: entryOnly.has(key) };
    }),
  );
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (rows: InitialJsFile[]) => rows.reduce((total, row) => total + row.gzipBytes, 0);
  return { totalGzipBytes: sum(files), entryGzipBytes: sum(files.filter((row) => row.entry)), files };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(args: string[]): Promise<number> {
  const [page = 'features/auth/LoginPage.tsx', budget] = args;
  const size = await measureInitialJs(page);
  for (const row of size.files) console.log(`${kb(row.gzipBytes).padStart(9)}  ${row.entry ? 'entry' : 'page '}  ${row.file}`);
  console.log(`${kb(size.entryGzipBytes).padStart(9)}  entry and its static imports (what index.html loads)`);
  console.log(`${kb(size.totalGzipBytes).padStart(9)}  total for ${page}`);
  if (budget && size.totalGzipBytes > Number(budget) * 1024) {
    console.error(`Over the budget of ${budget} KB`);
    return 1;
  }
  return 0;
}

// Run as a script, not when imported.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
