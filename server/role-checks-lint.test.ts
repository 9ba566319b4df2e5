import { describe, expect, it } from 'vitest';
import { fixtureLinter } from './test/lint-fixtures.js';
import { roleChecksConfig } from '../eslint/role-checks.js';

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
});
