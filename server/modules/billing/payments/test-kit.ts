import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { invoices, paymentCustomers, payments, savedCards } from '../../../db/schema/index.js';
import { createSandboxGateway } from '../../../services/payments/sandbox-gateway.js';
import { GatewayUnavailableError, type BillTo, type CardDetails, type PaymentGateway } from '../../../services/payments/gateway.js';

/** What the payment tests type: a published test card and a billing address (ZIP 46201 approves). */
export const VISA: CardDetails = { number: '4111111111111111', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, code: '123' };
export const BILL_TO: BillTo = {
  firstName: 'Grace', lastName: 'Chen', address: '12 Elm Street', city: 'Indianapolis', state: 'IN', zip: '46201', country: 'US', email: 'grace@example.test',
};

export type SpyGateway = PaymentGateway & { charges: number; refunds: number; voids: number; down: boolean; delayMs: number };

/**
 * A gateway that counts the money calls it passes on (sandbox by default), can wait before
 * answering (so concurrent submits overlap) and can be "down" (GatewayUnavailableError, after
 * the charge went through when `down` is 'after': the answer lost on its way back).
 */
export function spyGateway(inner: PaymentGateway = createSandboxGateway()): SpyGateway & { loseAnswers: boolean } {
  const spy = {
    ...inner,
    name: inner.name,
    testMode: inner.testMode,
    charges: 0,
    refunds: 0,
    voids: 0,
    down: false,
    loseAnswers: false,
    delayMs: 0,
  } as SpyGateway & { loseAnswers: boolean };
  const wait = () => new Promise((r) => setTimeout(r, spy.delayMs));
  const guard = async <T>(call: () => Promise<T>): Promise<T> => {
    if (spy.down) throw new GatewayUnavailableError();
    await wait();
    const answer = await call();
    if (spy.loseAnswers) throw new GatewayUnavailableError('The payment gateway did not answer in time');
    return answer;
  };
  spy.chargeCard = (r) => guard(() => { spy.charges += 1; return inner.chargeCard(r); });
  spy.chargeProfile = (r) => guard(() => { spy.charges += 1; return inner.chargeProfile(r); });
  spy.refund = (r) => guard(() => { spy.refunds += 1; return inner.refund(r); });
  spy.void = (r) => guard(() => { spy.voids += 1; return inner.void(r); });
  spy.findCharge = (r) => (spy.down ? Promise.reject(new GatewayUnavailableError()) : inner.findCharge(r));
  return spy;
}

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
