import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../db/seed-demo.js';
import { seedDemoIfEmpty } from '../../../demo.js';
import { secretBoxOf } from '../../../lib/secret-box.js';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.js';
import { invoiceCalls } from '../invoices/test-kit.js';

let t: TestApp;
let api: ReturnType<typeof invoiceCalls>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, secretBoxOf(t.services.config));
  api = invoiceCalls(t);
  admin = await signIn(t, 'admin', DEMO_PASSWORD);
});
afterAll(() => t.close());

type Row = { _id: string; number: string; status: string; student: { first_name: string; last_name: string }; payer: { first_name: string }; dueOn: string; balance: number };
const today = () => DateTime.now().setZone('America/New_York');

describe("the demo's invoices", () => {
  it("gives Riverside a term of history: Lily's open invoice due in ten days, Owen's overdue one, paid, partly paid, void and a draft", async () => {
    const list = await api.ok('/list', admin, { limit: 100 });
    const rows = list.results as Row[];
    const of = (first: string) => rows.filter((r) => r.student.first_name === first);
    const lily = of('Lily').filter((r) => r.status === 'open');
    expect(lily).toHaveLength(1);
    expect(lily[0]).toMatchObject({ payer: { first_name: 'Grace' }, dueOn: today().plus({ days: 10 }).toISODate() });
    expect(lily[0]!.balance).toBeGreaterThan(0);
    const owen = of('Owen').filter((r) => r.status === 'overdue');
    expect(owen).toHaveLength(1);
    expect(owen[0]!.payer.first_name).toBe('Grace');
    const statuses = new Set(rows.map((r) => r.status));
    for (const s of ['paid', 'open', 'overdue', 'partly_paid', 'void', 'draft']) expect(statuses, s).toContain(s);
    expect(list.overdueCount).toBe(1);
    expect(list.openCount).toBe(3);

    // Lily's bills her coming lessons from the calendar, one line a lesson.
    const view = await api.ok(`/view/${lily[0]!._id}`, admin, undefined, 'GET');
    expect(view.lines.length).toBeGreaterThan(0);
    expect(view.lines[0].description).toMatch(/^Private Lesson – [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, 4:00 PM$/);
    expect(view.lines[0].lessonId).toEqual(expect.any(String));
    expect(view.payLink).toMatch(/^http:\/\/cadenza\.test\/invoices\/pay\/[A-Za-z0-9_-]{43}$/);
    expect(view.testMode).toBe(true);
  });

  it('keeps card payments to brand and last four, with a refund against one', async () => {
    const rows = (await api.ok('/list', admin, { limit: 100, status: 'paid' })).results as Row[];
    const details = await Promise.all(rows.map((r) => api.ok(`/view/${r._id}`, admin, undefined, 'GET')));
    const payments = details.flatMap((d) => d.payments as { method: string; cardBrand: string | null; cardLast4: string | null; refunds: unknown[]; testMode: boolean }[]);
    expect(new Set(payments.map((p) => p.method))).toEqual(new Set(['card', 'cash', 'check']));
    for (const p of payments.filter((x) => x.method === 'card')) {
      expect(p.cardLast4).toMatch(/^\d{4}$/);
      expect(p.testMode).toBe(true);
    }
    expect(payments.filter((p) => p.refunds.length > 0)).toHaveLength(1);
  });

  it('gives Northside and Clara Jensen invoices of their own', async () => {
    for (const username of ['admin2', 'privateteacher']) {
      const token = await signIn(t, username, DEMO_PASSWORD);
      const list = await api.ok('/list', token, {});
      expect(list.totalCount, username).toBeGreaterThanOrEqual(3);
      expect(list.openCount, username).toBeGreaterThanOrEqual(1);
    }
  });
});
