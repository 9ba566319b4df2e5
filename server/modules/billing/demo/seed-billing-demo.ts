import type { Tx } from '../../../db/client.js';
import type { DemoContext } from '../../../db/seed-demo.js';
import { seedFamilyDemo } from './family.js';
import { seedInvoicesDemo } from './invoices.js';
import { seedPlansDemo } from './plans.js';
import { seedRecurringDemo } from './recurring.js';

/** Billing's part of the demo, after the people and the scheduling term: each part's own history. */
export async function seedBillingDemo(tx: Tx, now: Date, ctx: DemoContext): Promise<void> {
  await seedInvoicesDemo(tx, now, ctx);
  await seedFamilyDemo(tx, now);
  await seedRecurringDemo(tx, now);
  await seedPlansDemo(tx, now);
}
