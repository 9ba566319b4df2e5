import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * shared/money.ts's rules where a statement sums or decides them in SQL (decision 056); each is
 * held to its TypeScript twin by money-sql.test.ts. Arguments are columns, values or sql`…`
 * fragments (`sql.raw('i.total_cents')` in a raw statement with a table alias).
 */

/** totalAfterDiscount: subtotal less discount, never below zero. */
export const invoiceTotalSql = (subtotal: SQLWrapper | number, discount: SQLWrapper | number): SQL => sql`greatest(${subtotal} - ${discount}, 0)`;

/** amountDueCents: total less paid, never below zero. */
export const amountDueSql = (total: SQLWrapper | number, paid: SQLWrapper | number): SQL => sql`greatest(${total} - ${paid}, 0)`;

/** paidInFull: payments cover the total. */
export const paidInFullSql = (total: SQLWrapper | number, paid: SQLWrapper | number): SQL => sql`(${paid} >= ${total})`;

/** Money in of an invoice's payments: charges less refunds, over the rows the caller filters. */
export const netPaidSql = (kind: SQLWrapper, amount: SQLWrapper): SQL => sql`case when ${kind} = 'refund' then -${amount} else ${amount} end`;

/** An invoice's columns in a raw statement, by its alias: `invoiceColumns('i').totalCents`. */
export function invoiceColumns(alias: string) {
  if (!/^[a-z_]+$/.test(alias)) throw new Error(`invoiceColumns: not an alias: ${alias}`);
  return {
    totalCents: sql.raw(`${alias}.total_cents`),
    paidCents: sql.raw(`${alias}.paid_cents`),
  };
}
