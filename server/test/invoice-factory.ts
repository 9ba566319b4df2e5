import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { invoiceCounters, invoiceLines, invoices, payments } from '../db/schema/index.js';
import { readConfig } from '../config.js';
import { secretBoxOf, type SecretBox } from '../lib/secret-box.js';
import { schoolToday } from '../lib/school-clock.js';
import { hashToken, newToken } from '../lib/tokens.js';
import type { TestSchool } from './factories.js';

// Sealed with the key a test app finds (its data folder's, as createTestApp's settings read it):
// the receipt of a charge opens the pay link (decision 075), as it does for every real invoice.
const box = secretBoxOf(readConfig({ APP_URL: 'http://cadenza.test', LOG_LEVEL: 'silent', NODE_ENV: 'test' }));

export type TestInvoice = { id: string; number: number; payToken: string; totalCents: number; payerId: string; studentId: string };

/**
 * An invoice as the invoices part makes one (a number from the school's counter, one line, a pay
 * token kept as its hash and sealed): for the payment tests, which must not wait on that part.
 */
export async function createInvoice(
  db: Database,
  school: Pick<TestSchool, 'adminId' | 'student' | 'parent' | 'admin'>,
  options: {
    totalCents?: number; paidCents?: number; status?: 'draft' | 'open' | 'paid' | 'void'; dueOn?: string; payerId?: string;
    /** The app's box, when its test app has a key of its own (ENCRYPTION_KEY). */
    box?: SecretBox;
  } = {},
): Promise<TestInvoice> {
  const totalCents = options.totalCents ?? 12_000;
  const payToken = newToken();
  return db.transaction({ kind: 'school', adminId: school.adminId }, async (tx) => {
    const [counter] = await tx.insert(invoiceCounters).values({ adminId: school.adminId, lastNumber: 1 })
      .onConflictDoUpdate({ target: invoiceCounters.adminId, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } }).returning();
    // The school's today, as the app's own invoices are dated (not UTC's, a day ahead of New York's evenings).
    const today = await schoolToday(tx, school.adminId);
    const [invoice] = await tx.insert(invoices).values({
      adminId: school.adminId,
      number: counter!.lastNumber,
      studentId: school.student.id,
      payerId: options.payerId ?? school.parent.id,
      status: options.status ?? 'open',
      issuedOn: today,
      dueOn: options.dueOn ?? today,
      subtotalCents: totalCents,
      totalCents,
      paidCents: options.paidCents ?? 0,
      payTokenHash: hashToken(payToken),
      payTokenSealed: (options.box ?? box).seal(payToken),
      sentAt: new Date(),
      createdBy: school.admin.id,
    }).returning();
    await tx.insert(invoiceLines).values({
      adminId: school.adminId, invoiceId: invoice!.id, position: 1, description: 'Piano lessons', quantity: 1, unitPriceCents: totalCents, amountCents: totalCents,
    });
    return { id: invoice!.id, number: invoice!.number, payToken, totalCents, payerId: invoice!.payerId, studentId: invoice!.studentId };
  });
}

/** A cash payment recorded by staff (what the invoices part's "record a payment" writes). */
export async function recordCashPayment(db: Database, school: Pick<TestSchool, 'adminId' | 'admin'>, invoiceId: string, amountCents: number): Promise<string> {
  return db.transaction({ kind: 'school', adminId: school.adminId }, async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    const [row] = await tx.insert(payments).values({
      adminId: school.adminId, invoiceId, studentId: invoice!.studentId, payerId: invoice!.payerId, kind: 'charge', method: 'cash', source: 'staff',
      status: 'succeeded', amountCents, currency: invoice!.currency, recordedBy: school.admin.id, settledAt: new Date(),
    }).returning();
    const paidCents = invoice!.paidCents + amountCents;
    await tx.update(invoices).set({ paidCents, ...(paidCents >= invoice!.totalCents ? { status: 'paid', paidAt: new Date() } : {}) }).where(eq(invoices.id, invoiceId));
    return row!.id;
  });
}
