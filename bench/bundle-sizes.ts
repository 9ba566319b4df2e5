import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { measureInitialJs } from '../web/scripts/initial-js-size.js';

const ASSETS = fileURLToPath(new URL('../dist/web/assets', import.meta.url));

/** The web budgets of docs/domains/conventions.md "Performance budgets", read off the build that `npm run bench` makes first. */
export async function measureBundles() {
  const login = await measureInitialJs('features/auth/LoginPage.tsx');
  const chunks = readdirSync(ASSETS)
    .filter((f) => f.endsWith('.js'))
    .map((file) => ({ file, bytes: gzipSync(readFileSync(`${ASSETS}/${file}`), { level: 9 }).length }))
    .sort((a, b) => b.bytes - a.bytes);
  return { loginInitialBytes: login.totalGzipBytes, largestChunk: chunks[0]! };
}
