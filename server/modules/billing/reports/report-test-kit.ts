import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { invoices, payments, schools } from '../../../db/schema/index.js';
import { hashToken, newToken } from '../../../lib/tokens.js';

/**
 * Rows for the report tests, written as the invoice and payment services leave them, with the
 * moments a test needs (a payment made at 11:30 pm New York on the last day of a month).
 */
export async function insertInvoice(db: Database, v: { adminId: string; studentId: string; payerId: string; totalCents?: number; paidCents?: number; dueOn?: string }) {
  return db.transaction({ kind: 'all' }, async (tx) => {
    const [{ n }] = (await tx.execute(sql`select coalesce(max(number), 0) + 1 as n from invoices where admin_id = ${v.adminId}`)).rows as [{ n: number }];
    const [row] = await tx.insert(invoices).values({
      adminId: v.adminId, number: Number(n), studentId: v.studentId, payerId: v.payerId, status: 'open',
      issuedOn: '2026-01-01', dueOn: v.dueOn ?? '2026-01-15', subtotalCents: v.totalCents ?? 10_000, totalCents: v.totalCents ?? 10_000,
      paidCents: v.paidCents ?? 0, payTokenHash: hashToken(newToken()), payTokenSealed: 'sealed',
    }).returning();
    return row!;
  });
}

export type PaymentValues = Partial<typeof payments.$inferInsert> & { invoice: typeof invoices.$inferSelect; at: string; amountCents: number };

/** A payment row of the invoice, made at `at` (an ISO instant). */
export async function insertPayment(db: Database, { invoice, at, ...v }: PaymentValues): Promise<string> {
  return db.transaction({ kind: 'all' }, async (tx) => {
    const [row] = await tx.insert(payments).values({
      adminId: invoice.adminId, invoiceId: invoice.id, studentId: invoice.studentId, payerId: invoice.payerId,
      kind: 'charge', method: 'card', source: 'pay_page', status: 'succeeded', createdAt: new Date(at), idempotencyKey: randomUUID(), ...v,
    }).returning({ id: payments.id });
    return row!.id;
  });
}

export async function setZone(db: Database, adminId: string, timeZone: string) {
  await db.transaction({ kind: 'all' }, (tx) => tx.update(schools).set({ timeZone }).where(eq(schools.adminId, adminId)));
}
