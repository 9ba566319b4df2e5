import { describe, expect, it } from 'vitest';
import { fixtureLinter } from './test/lint-fixtures.js';
import { linkTablesConfig } from '../eslint/link-tables.js';

const linter = fixtureLinter((root) => linkTablesConfig(root));
const problemsOf = async (file: string) => (await linter.messagesOf(file)).map((m) => ({ rule: m.ruleId, message: m.message }));

const refused = (table: string) => ({ rule: 'link-tables/only-relations-and-owners', message: expect.stringContaining(`${table} is read through server/modules/relations/index.ts`) });

describe('the link tables lint (decision 057)', () => {
  it('refuses a module importing a link table from the schema', async () => {
    expect(await problemsOf('server/modules/epsilon/imports-link-table.ts')).toEqual([refused('parent_children')]);
  });

  it('refuses a module naming a link table in its SQL', async () => {
    expect(await problemsOf('server/modules/epsilon/raw-link-sql.ts')).toEqual([refused('class_group_students')]);
  });

  it("refuses an owner another table than its own, and lets it have its own", async () => {
    expect(await problemsOf('server/modules/members/writes-links.ts')).toEqual([refused('class_group_students')]);
  });

  it('lets relations read every link table, and anyone name their columns', async () => {
    expect(await problemsOf('server/modules/relations/reads-links.ts')).toEqual([]);
    expect(await problemsOf('server/modules/epsilon/names-columns.ts')).toEqual([]);
  });
});
