// Counts writes of a table outside its owner module under server/, with the lint rule of
// eslint/table-owners.js (decision 058). usage: npx tsx scripts/count-foreign-table-writes.ts [--all]
// (--all: the exempt files too: tests, test kits, the demo).
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { tableOwnersConfig } from '../eslint/table-owners.js';

const block = tableOwnersConfig();
if (process.argv.includes('--all')) delete block.ignores;
const root = process.cwd();
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, block] });
let count = 0;
for (const result of await eslint.lintFiles(['server'])) {
  for (const m of result.messages) {
    if (m.fatal) console.log('could not parse', result.filePath, m.message);
    if (m.ruleId !== 'table-owners/write-by-owner') continue;
    count += 1;
    console.log(`${result.filePath.slice(root.length + 1)}:${m.line}  ${m.message.split(':')[0]}`);
  }
}
console.log('writes of a table outside its owner:', count);
