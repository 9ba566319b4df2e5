import { describe, expect, it } from 'vitest';
import { fixtureLinter } from './test/lint-fixtures.js';
import { schoolClockConfig } from '../eslint/school-clock.js';

const linter = fixtureLinter(schoolClockConfig(), { folder: 'school-clock/' });
const problemsOf = async (file: string) => (await linter.messagesOf(file)).map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }));

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
