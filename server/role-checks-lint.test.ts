import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { fixtureLinter } from './test/lint-fixtures.js';
import { NOT_YET_CONVERTED, roleChecksConfig, roleChecksPlugin } from '../eslint/role-checks.js';

const linter = fixtureLinter(roleChecksConfig(), { files: '**/*.{ts,tsx}' });
const problemsOf = async (file: string) => (await linter.messagesOf(file)).map((m) => ({ rule: m.ruleId, line: m.line }));

describe('the role-checks lint (decision 062)', () => {
  it("refuses the viewer's role compared, a staff predicate, a role looked up in a set and a switch on the role", async () => {
    const rule = 'roles/no-role-checks';
    expect(await problemsOf('web/features/roles/compares-roles.tsx')).toEqual([5, 6, 7, 8, 9, 11].map((line) => ({ rule, line })));
  });

  it("accepts permissions, mayCall, the route table and a record's own role or kind", async () => {
    expect(await problemsOf('web/features/roles/reads-permissions.tsx')).toEqual([]);
  });

  it('lists only files that still compare roles (the list only shrinks)', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } } },
        { files: ['**/*.{ts,tsx}'], plugins: { roles: roleChecksPlugin }, rules: { 'roles/no-role-checks': 'error' } },
      ],
    });
    for (const file of NOT_YET_CONVERTED) {
      expect(existsSync(`${root}${file}`), file).toBe(true);
      const [result] = await eslint.lintText(readFileSync(`${root}${file}`, 'utf8'), { filePath: `${root}${file}` });
      expect(result!.messages.filter((m) => m.ruleId === 'roles/no-role-checks').length, `${file} has no role check left: take it off NOT_YET_CONVERTED`).toBeGreaterThan(0);
    }
  });
});
