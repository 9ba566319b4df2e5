import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { schoolClockConfig } from '../eslint/school-clock.js';

// A few files of their own (eslint/fixtures/school-clock) linted with the block eslint.config.js uses.
const root = fileURLToPath(new URL('../eslint/fixtures/school-clock/', import.meta.url));
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, schoolClockConfig()],
});

async function problemsOf(file: string) {
  const [result] = await eslint.lintFiles([file]);
  return result!.messages.map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }));
}

describe("the school's clock lint", () => {
  it('refuses a zoned luxon DateTime outside the clock, and lets a literal UTC calendar through', async () => {
    expect(await problemsOf('zoned-datetime.ts')).toEqual([4, 5, 6].map((line) => (
      { rule: 'school-clock/one-clock', line, message: expect.stringContaining('through shared/school-clock.ts') })));
  });

  it("refuses reading a school's zone off the schools table, by column or in raw SQL", async () => {
    expect(await problemsOf('reads-school-zone.ts')).toEqual([5, 5, 6].map((line) => (
      { rule: 'school-clock/one-clock', line, message: expect.stringContaining('through server/lib/school-clock.ts') })));
  });

  it('lets the clock itself do both', async () => {
    expect(await problemsOf('server/lib/school-clock.ts')).toEqual([]);
  });
});
