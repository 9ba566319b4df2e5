/**
 * After `vite build`: writes a .br and a .gz beside every text asset of dist/web, which the
 * server sends to browsers that accept them (@fastify/static preCompressed), so no request
 * pays for compression.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.env.WEB_DIST ?? fileURLToPath(new URL('../dist/web', import.meta.url));
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

let files = 0;
let before = 0;
let after = 0;
for (const entry of readdirSync(root, { recursive: true })) {
  const path = join(root, String(entry));
  if (!COMPRESSIBLE.test(path) || !statSync(path).isFile()) continue;
  const content = readFileSync(path);
  if (content.length < 1024) continue;
  const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  files += 1;
  before += content.length;
  after += br.length;
}
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
