import { inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { demoLogin, type DemoContext } from '../../../db/seed-demo.js';
import { autopaySettings, paymentCustomers, savedCards, users } from '../../../db/schema/index.js';
import { createSandboxGateway } from '../../../services/payments/sandbox-gateway.js';

/**
 * Families pay's demo (issue 11): the Chen family's saved sandbox Visa (Grace Chen pays for Lily
 * and Owen at Riverside), made by the sandbox gateway itself so its ids are the adapter's own,
 * and autopay off for both children: the autopay e2e and a visitor turn it on themselves.
 */
export async function seedFamilyDemo(tx: Tx, now: Date, ctx?: DemoContext): Promise<void> {
  const rows = await tx.select({ id: users.id, username: users.username, adminId: users.adminId, email: users.email })
    .from(users).where(inArray(users.username, ['parent', 'student', 'owenchen'].map((u) => demoLogin(ctx, u))));
  const person = (username: string) => {
    const found = rows.find((r) => r.username === demoLogin(ctx, username));
    if (!found?.adminId) throw new Error(`The families demo needs the demo user ${username}`);
    return found as typeof found & { adminId: string };
  };
  const grace = person('parent');
  const sandbox = createSandboxGateway({ now: () => now });
  const { customerProfileId } = await sandbox.createCustomerProfile({ merchantCustomerId: grace.id.replace(/-/g, '').slice(0, 20), description: 'Grace Chen' });
  const expYear = now.getUTCFullYear() + 3;
  const profile = await sandbox.addPaymentProfile({
    customerProfileId,
    // The published sandbox Visa: the adapter keeps its brand, last four and expiry in the id, never the number.
    card: { number: '4111111111111111', expMonth: 12, expYear, code: '123' },
    billTo: { firstName: 'Grace', lastName: 'Chen', address: '48 Riverside Drive', city: 'New York', state: 'NY', zip: '10024', country: 'US' },
    makeDefault: true,
  });
  const [customer] = await tx.insert(paymentCustomers)
    .values({ adminId: grace.adminId, userId: grace.id, gateway: sandbox.name, testMode: sandbox.testMode, customerProfileId })
    .returning({ id: paymentCustomers.id });
  await tx.insert(savedCards).values({
    adminId: grace.adminId, ownerId: grace.id, customerId: customer!.id, customerPaymentProfileId: profile.customerPaymentProfileId,
    brand: profile.card.brand, last4: profile.card.last4, expMonth: profile.card.expMonth, expYear: profile.card.expYear, isDefault: true, createdAt: now,
  });
  await tx.insert(autopaySettings).values(['student', 'owenchen'].map((u) => ({ studentId: person(u).id, adminId: grace.adminId, enabled: false, updatedBy: grace.id, updatedAt: now })));
}
