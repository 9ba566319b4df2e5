// Counts writes of a table outside its owner module, with the lint rule of eslint/table-owners.js.
// usage: node /tmp/measure-owners.mjs [--all]   (--all: count exempt files too)
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { pathToFileURL } from 'node:url';
const root = process.cwd();
const { tableOwnersConfig } = await import(pathToFileURL(root + '/eslint/table-owners.js'));
const block = tableOwnersConfig();
if (process.argv.includes('--all')) delete block.ignores;
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, block] });
const results = await eslint.lintFiles(['server']);
let n = 0;
for (const r of results) for (const m of r.messages) {
  if (m.ruleId !== 'table-owners/write-by-owner') { if (m.fatal) console.log('FATAL', r.filePath, m.message); continue; }
  n++; console.log(`${r.filePath.slice(root.length + 1)}:${m.line}  ${m.message.split(':')[0]}`);
}
console.log('writes of a table outside its owner:', n);
