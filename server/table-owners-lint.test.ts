import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { fixtureLinter } from './test/lint-fixtures.js';
import { TABLE_OWNERS, tableOwnersConfig } from '../eslint/table-owners.js';
import * as schema from './db/schema/index.js';

const linter = fixtureLinter(tableOwnersConfig());
const problemsOf = async (file: string) => (await linter.messagesOf(file)).map((m) => ({ rule: m.ruleId, message: m.message }));

const refused = (table: string, owner: string) => ({
  rule: 'table-owners/write-by-owner', message: expect.stringContaining(`${table} belongs to the module ${owner}: write it through that module's entry`),
});

describe('the table owners lint', () => {
  it("refuses another module's Drizzle insert, update and delete, the table imported under any name", async () => {
    expect(await problemsOf('server/modules/beta/writes-accounts.ts')).toEqual([refused('users', 'auth'), refused('users', 'auth'), refused('sessions', 'auth')]);
  });

  it("refuses another module's raw SQL insert, update and delete, the table named or interpolated", async () => {
    expect(await problemsOf('server/modules/beta/writes-accounts-sql.ts')).toEqual([refused('sessions', 'auth'), refused('users', 'auth'), refused('schools', 'schools')]);
  });

  it('lets the owner write its tables, anyone read them, and a demo seeder write anything', async () => {
    for (const file of ['server/modules/auth/writes-own.ts', 'server/modules/beta/reads-accounts.ts', 'server/modules/beta/demo/seeds-accounts.ts']) {
      expect(await problemsOf(file), file).toEqual([]);
    }
  });
});

describe('the table owners map', () => {
  const mapped = new Map(Object.entries(TABLE_OWNERS).flatMap(([owner, tables]) => Object.entries(tables).map(([symbol, name]) => [symbol, { owner, name }])));
  const tables = Object.entries(schema).filter(([, value]) => is(value, PgTable)) as [string, PgTable][];

  it('gives every table of db/schema one owner, under its export and SQL names', () => {
    expect(tables.length).toBeGreaterThan(0);
    const unmapped = tables.filter(([symbol, table]) => mapped.get(symbol)?.name !== getTableName(table)).map(([symbol]) => symbol);
    expect(unmapped).toEqual([]);
    const names = [...mapped.values()].map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('names only tables that exist, and owners that are modules (or the email outbox service)', () => {
    expect([...mapped.keys()].filter((symbol) => !tables.some(([s]) => s === symbol))).toEqual([]);
    const modules = readdirSync(fileURLToPath(new URL('./modules/', import.meta.url)), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(Object.keys(TABLE_OWNERS).filter((owner) => !modules.includes(owner) && owner !== 'services/email')).toEqual([]);
  });
});
