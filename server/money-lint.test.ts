import { describe, expect, it } from 'vitest';
import { fixtureLinter } from './test/lint-fixtures.js';
import { moneyConfig } from '../eslint/money.js';

const linter = fixtureLinter(moneyConfig(), { files: '**/*.{ts,tsx}' });
const problemsOf = async (file: string) => (await linter.messagesOf(file)).map((m) => ({ rule: m.ruleId, line: m.line }));

describe('the money lint', () => {
  it('refuses money formatted by hand: a currency Intl or toLocaleString, "$" glued to a value in a template, a sum or JSX', async () => {
    const rule = 'money/no-hand-formatted-money';
    expect(await problemsOf('web/lib/formats-money-by-hand.tsx')).toEqual([5, 6, 7, 8, 9].map((line) => ({ rule, line })));
  });

  it("accepts the module's formatters, a minus sign, a price in words and a plain number format", async () => {
    expect(await problemsOf('web/lib/formats-money-through-the-module.tsx')).toEqual([]);
  });

  it('leaves the money module itself alone', async () => {
    expect(await problemsOf('shared/money.ts')).toEqual([]);
  });
});
