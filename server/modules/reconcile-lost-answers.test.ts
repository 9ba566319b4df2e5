import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionToken, type TestApp } from '../test/test-app.js';
import { createSchool, createUser, type TestSchool } from '../test/factories.js';
import { createInvoice } from '../test/invoice-factory.js';
import { readConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { invoices, payments, schoolPlanBookings, schoolPlanCharges, storeOrders } from '../db/schema/index.js';
import type { JobRunner } from '../services/jobs/job-runner.js';
import { CHARGE_ONCE, RECONCILE_LOST_ANSWERS_JOB } from '../services/payments/charge-once.js';
import { MODULES, reconcileLostAnswersOf, registerModules } from './index.js';

/**
 * The one reconciliation job (decision 070): a lost answer of each kind (an invoice's card
 * attempt, a school plan's first period, a store order 'charging') is settled by one run of the
 * job as the app composes it, each through its own kind's callback. A module that stops giving
 * its kind leaves its row pending, and this fails.
 */
let t: TestApp;
let school: TestSchool;
let planId: string;
const LATER = () => new Date(Date.now() + CHARGE_ONCE.staleAfterMs + 60_000);
const all = <T>(fn: Parameters<TestApp['db']['transaction']>[1]) => t.db.transaction({ kind: 'all' }, fn) as Promise<T>;

beforeAll(async () => {
  t = await createTestApp();
  school = await createSchool(t.db, { name: 'Harbor Music' });
  const provider = await createUser(t.db, 'superadmin', null);
  const added = await t.call('POST', '/api/schoolBilling/addSchoolPlan', {
    token: await sessionToken(t, provider.id),
    body: { planName: 'Studio R', price: 49, schoolPrivateTeacher: 'school', billingPeriod: 'monthly', maxStudents: 50, storeIncluded: true },
  });
  planId = added.body.data._id as string;
});
afterAll(() => t.close());

/** An invoice whose card attempt was written (step A) and whose answer never came: through the school's sandbox. */
async function lostInvoiceCharge() {
  const invoice = await createInvoice(t.db, school, { totalCents: 8_000 });
  const [attempt] = await all<(typeof payments.$inferSelect)[]>((tx) => tx.insert(payments).values({
    adminId: school.adminId, invoiceId: invoice.id, studentId: invoice.studentId, payerId: invoice.payerId, kind: 'charge', method: 'card',
    source: 'pay_page', status: 'pending', amountCents: 8_000, idempotencyKey: randomUUID(), gateway: 'sandbox', testMode: true,
  }).returning());
  return { invoice, attempt: attempt! };
}

/** A school's Book Plan whose first period was claimed (step A) and whose answer never came, through the provider's sandbox. */
async function lostPlanPeriod() {
  const s = await createSchool(t.db);
  await all(async (tx) => {
    const [booking] = await tx.insert(schoolPlanBookings).values({
      adminId: s.adminId, planId, paymentMethod: 'card', periodStartsOn: '2026-11-01', renewsOn: '2026-12-01', gateway: 'sandbox', testMode: true,
    }).returning();
    await tx.insert(schoolPlanCharges).values({
      adminId: s.adminId, bookingId: booking!.id, planId, planName: 'Studio R', periodStartsOn: '2026-11-01', periodEndsOn: '2026-11-30',
      amountCents: 4_900, method: 'card', status: 'pending', idempotencyKey: `plan:${booking!.id}:2026-11-01:1`, gateway: 'sandbox', testMode: true,
    });
  });
  return s.adminId;
}

/** A store order left 'charging' by a checkout whose answer was lost, through the store's sandbox. */
async function lostStoreOrder() {
  const [order] = await all<(typeof storeOrders.$inferSelect)[]>((tx) => tx.insert(storeOrders).values({
    adminId: school.adminId, provider: false, orderNumber: 9001, userId: school.parent.id, buyerAdminId: school.adminId,
    firstName: 'Lily', lastName: 'Chen', address1: '48 Maple Avenue', city: 'Springfield', state: 'IL', postalCode: '62704', country: 'US',
    phone: '(217) 555-0148', email: 'lily@example.test', subtotalCents: 2000, taxRateBp: 0, taxCents: 0, shippingCents: 0, grandTotalCents: 2000,
    idempotencyKey: randomUUID(), paymentStatus: 'charging', status: 'pending', gateway: 'sandbox', testMode: true,
  }).returning());
  return order!;
}

describe('the one reconciliation job', () => {
  it('is registered once, every minute, in place of the three jobs of before', async () => {
    const sweeps = new Map<string, number | undefined>();
    const jobs = { register: (name: string, _h: unknown, every?: number) => void sweeps.set(name, every), trigger: () => undefined } as unknown as JobRunner;
    const app = { services: { jobs, db: {} as Database, config: readConfig({ APP_URL: 'http://cadenza.test', NODE_ENV: 'test' }) }, log: { error: () => undefined }, addHook: () => undefined, register: async () => undefined };
    await registerModules(app as never, {});
    expect(sweeps.get(RECONCILE_LOST_ANSWERS_JOB)).toBe(CHARGE_ONCE.reconcileSweepMs);
    for (const old of ['reconcile-pending-payments', 'reconcile-school-plan-charges', 'reconcile-store-orders']) expect(sweeps.has(old)).toBe(false);
    // Each kind is given by exactly one module.
    const names = MODULES.flatMap((m) => (m.chargeKinds?.({ db: t.db, config: t.services.config }) ?? []).map((k) => k.name));
    expect(names.sort()).toEqual(['invoice', 'school-plan', 'store-order']);
  });

  it('settles a lost answer of each kind in one run, each through its kind\'s callback, and only once', async () => {
    const { invoice, attempt } = await lostInvoiceCharge();
    const planSchool = await lostPlanPeriod();
    const order = await lostStoreOrder();
    const reconcile = reconcileLostAnswersOf(t.services.db, t.services.config);

    // Too fresh: nothing is asked yet.
    expect(await reconcile(new Date())).toEqual({
      invoice: { settled: 0, waiting: 0 }, 'school-plan': { settled: 0, waiting: 0 }, 'store-order': { settled: 0, waiting: 0 },
    });
    // Stale: the sandbox has no record of any of them (its money is not real), so each kind's outcome is "never made".
    expect(await reconcile(LATER())).toEqual({
      invoice: { settled: 1, waiting: 0 }, 'school-plan': { settled: 1, waiting: 0 }, 'store-order': { settled: 1, waiting: 0 },
    });
    // The invoice's attempt failed and the invoice is open for the payer to try again.
    const [payment] = await all<(typeof payments.$inferSelect)[]>((tx) => tx.select().from(payments).where(eq(payments.id, attempt.id)));
    expect(payment).toMatchObject({ status: 'failed' });
    const [inv] = await all<(typeof invoices.$inferSelect)[]>((tx) => tx.select().from(invoices).where(eq(invoices.id, invoice.id)));
    expect(inv).toMatchObject({ status: 'open', paidCents: 0 });
    // The plan's first period is undone as a decline at booking time is: no booking, no charge row.
    expect(await all((tx) => tx.select().from(schoolPlanBookings).where(eq(schoolPlanBookings.adminId, planSchool)))).toEqual([]);
    expect(await all((tx) => tx.select().from(schoolPlanCharges).where(eq(schoolPlanCharges.adminId, planSchool)))).toEqual([]);
    // The order is declined (never listed) with the store's words.
    const [declined] = await all<(typeof storeOrders.$inferSelect)[]>((tx) => tx.select().from(storeOrders).where(eq(storeOrders.id, order.id)));
    expect(declined).toMatchObject({ paymentStatus: 'declined', status: 'pending' });
    expect(declined!.paymentMessage).toMatch(/no record/);

    // A second run finds nothing: each was recorded once.
    expect(await reconcile(LATER())).toEqual({
      invoice: { settled: 0, waiting: 0 }, 'school-plan': { settled: 0, waiting: 0 }, 'store-order': { settled: 0, waiting: 0 },
    });
  });
});
