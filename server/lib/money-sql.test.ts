import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { openTestDatabase } from '../test/test-database.js';
import { amountDueCents, paidInFull, totalAfterDiscount } from '../../shared/money.js';
import { amountDueSql, invoiceColumns, invoiceTotalSql, netPaidSql, paidInFullSql } from './money-sql.js';

/** Decision 056: the SQL twins answer what shared/money.ts answers, on the database the app runs. */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const AMOUNTS = [0, 1, 99, 100, 1999, 2000, 2001, 123_456, 100_000_000];
const pairs = AMOUNTS.flatMap((a) => AMOUNTS.map((b) => [a, b] as const));
const valuesOf = (rows: readonly (readonly [number, number])[]) => sql.join(rows.map(([a, b]) => sql`(${a}::int, ${b}::int)`), sql`, `);

type Row = { a: number; b: number; answer: number | string | boolean };

/** Every pair of amounts through one expression, in one statement. */
async function evaluate(expression: (a: SQL, b: SQL) => SQL): Promise<Row[]> {
  const result = await db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`
    select v.a, v.b, ${expression(sql.raw('v.a'), sql.raw('v.b'))} as answer from (values ${valuesOf(pairs)}) as v(a, b) order by v.a, v.b`));
  expect(result.rows).toHaveLength(pairs.length);
  return result.rows as Row[];
}

describe('the money SQL', () => {
  it('amountDueSql is amountDueCents: total less paid, never below zero', async () => {
    for (const r of await evaluate(amountDueSql)) expect(Number(r.answer), `${r.a} - ${r.b}`).toBe(amountDueCents(r.a, r.b));
  });

  it('invoiceTotalSql is totalAfterDiscount: subtotal less discount, never below zero', async () => {
    for (const r of await evaluate(invoiceTotalSql)) expect(Number(r.answer), `${r.a} - ${r.b}`).toBe(totalAfterDiscount(r.a, r.b));
  });

  it('paidInFullSql is paidInFull', async () => {
    for (const r of await evaluate(paidInFullSql)) expect(r.answer, `${r.b} covers ${r.a}`).toBe(paidInFull(r.a, r.b));
  });

  it('netPaidSql counts a charge in and a refund out', async () => {
    const { rows } = await db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`
      select sum(${netPaidSql(sql.raw('v.kind'), sql.raw('v.amount'))})::int as paid
      from (values ('charge', 2000), ('refund', 500), ('charge', 150), ('refund', 0)) as v(kind, amount)`));
    const [row] = rows as { paid: number }[];
    expect(row!.paid).toBe(2000 - 500 + 150);
  });

  it("reads an invoice's columns by alias, and refuses anything but an alias", async () => {
    const i = invoiceColumns('i');
    const { rows } = await db.transaction({ kind: 'all' }, (tx) => tx.execute(sql`
      select ${amountDueSql(i.totalCents, i.paidCents)} as due from (values (2500, 1000)) as i(total_cents, paid_cents)`));
    const [row] = rows as { due: number }[];
    expect(Number(row!.due)).toBe(1500);
    expect(() => invoiceColumns('i; drop table invoices')).toThrow();
  });
});
