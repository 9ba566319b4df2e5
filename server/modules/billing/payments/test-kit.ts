import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { invoices, paymentCustomers, payments, savedCards } from '../../../db/schema/index.js';
import type { BillTo, CardDetails, PaymentGateway } from '../../../services/payments/gateway.js';

/** What the payment tests type: a published test card and a billing address (ZIP 46201 approves). */
export const VISA: CardDetails = { number: '4111111111111111', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, code: '123' };
export const BILL_TO: BillTo = {
  firstName: 'Grace', lastName: 'Chen', address: '12 Elm Street', city: 'Indianapolis', state: 'IN', zip: '46201', country: 'US', email: 'grace@example.test',
};

/** The counting, slow or answer-losing gateway of every payment test: server/test/spy-gateway.ts. */
export { spyGateway, type SpyGateway } from '../../../test/spy-gateway.js';

export async function invoiceRow(db: Database, adminId: string, id: string) {
  const [row] = await db.transaction({ kind: 'school', adminId }, (tx) => tx.select().from(invoices).where(eq(invoices.id, id)));
  return row!;
}

export async function paymentsOf(db: Database, adminId: string, invoiceId: string) {
  return db.transaction({ kind: 'school', adminId }, (tx) => tx.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(payments.createdAt));
}

/** A card saved as the saved-cards part saves one: the gateway's profiles, and what may be shown. */
export async function saveCard(db: Database, gateway: PaymentGateway, adminId: string, ownerId: string, card: CardDetails = VISA, billTo: BillTo = BILL_TO) {
  const customer = await gateway.createCustomerProfile({ merchantCustomerId: ownerId, description: 'Payer', email: billTo.email });
  const profile = await gateway.addPaymentProfile({ customerProfileId: customer.customerProfileId, card, billTo, makeDefault: true });
  return db.transaction({ kind: 'school', adminId }, async (tx) => {
    const [c] = await tx.insert(paymentCustomers).values({ adminId, userId: ownerId, gateway: gateway.name, testMode: gateway.testMode, customerProfileId: customer.customerProfileId })
      .onConflictDoUpdate({ target: [paymentCustomers.adminId, paymentCustomers.userId, paymentCustomers.gateway, paymentCustomers.testMode], set: { customerProfileId: customer.customerProfileId } })
      .returning();
    const [s] = await tx.insert(savedCards).values({
      adminId, ownerId, customerId: c!.id, customerPaymentProfileId: profile.customerPaymentProfileId,
      brand: profile.card.brand, last4: profile.card.last4, expMonth: profile.card.expMonth, expYear: profile.card.expYear,
    }).returning();
    return s!.id;
  });
}
