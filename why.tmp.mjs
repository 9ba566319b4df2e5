import * as esbuild from 'esbuild';
const ext = { name: 'ext', setup(b) { b.onResolve({ filter: /\?(url|raw|worker)$|\.(css|woff2|svg|png|mp3)$/ }, (a) => ({ path: a.path, external: true })); } };
const start = process.argv[3] ?? 'web/main.tsx';
const r = await esbuild.build({ entryPoints: [start], bundle: true, write: false, metafile: true, format: 'esm', splitting: true, outdir: '/tmp/esb', jsx: 'automatic', logLevel: 'error', plugins: [ext] });
const inputs = r.metafile.inputs;
const target = process.argv[2];
const prev = { [start]: null }; const q = [start];
while (q.length) { const f = q.shift(); for (const i of inputs[f]?.imports ?? []) if (i.kind==='import-statement' && !(i.path in prev)) { prev[i.path]=f; q.push(i.path);} }
const hit = Object.keys(prev).find(k => k.includes(target));
let p = hit; const chain=[]; while (p) { chain.push(p); p = prev[p]; } console.log(chain.reverse().join('\n  -> '));
