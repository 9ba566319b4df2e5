import type { Tx } from '../../../db/client.js';
import type { DemoContext } from '../../../db/seed-demo.js';
import { seedFamilyDemo } from './family.js';
import { seedInvoicesDemo } from './invoices.js';
import { seedPlansDemo } from './plans.js';
import { seedRecurringDemo } from './recurring.js';

/**
 * Billing's part of the demo, after the people and the scheduling term: each part's own history.
 * Also seeds a spec's own Riverside (ctx.login, docs/decisions/064-each-browser-spec-on-its-own-school.md): Riverside's part only.
 */
export async function seedBillingDemo(tx: Tx, now: Date, ctx: DemoContext): Promise<void> {
  await seedInvoicesDemo(tx, now, ctx);
  await seedFamilyDemo(tx, now, ctx);
  await seedRecurringDemo(tx, now, ctx);
  await seedPlansDemo(tx, now, ctx);
}
