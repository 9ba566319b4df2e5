import { expect } from 'vitest';
import { secretBoxOf } from '../../../lib/secret-box.js';
import type { TestSchool } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';
import { createInvoice, payLinkOf, sendInvoice, type InvoiceRow } from '../invoices/index.js';

/** A sandbox test card with billing details that approve (docs/domains/billing.md "Rules"'s fields, the form's shape). */
export const goodCard = {
  cardNo: '4111111111111111', expMonth: '12', expYear: '2030', cardCode: '123',
  firstName: 'Grace', lastName: 'Chen', email: 'grace.chen@example.test', cellPhone: '(212) 555-0163',
  address1: '48 Riverside Drive', city: 'New York', state: 'NY', postalCode: '10024', country: 'US',
};

/** The pay page's payload (docs/domains/billing.md "Data and calls") for a token, from the form's card. */
export function payment(token: string, card: Partial<typeof goodCard> = {}, extra: Record<string, unknown> = {}) {
  const { expMonth, expYear, ...rest } = { ...goodCard, ...card };
  return { ...rest, expDate: `${expYear}-${expMonth}`, invoiceId: token, ...extra };
}

export type OpenInvoice = { invoice: InvoiceRow; token: string; link: string };

/** An invoice of the school, sent (open) to its payer, as the office makes one; its pay token. */
export async function openInvoice(
  t: TestApp,
  s: Pick<TestSchool, 'adminId' | 'admin'>,
  studentId: string,
  options: { cents?: number; dueOn?: string; send?: boolean } = {},
): Promise<OpenInvoice> {
  const box = secretBoxOf(t.services.config);
  const invoice = await t.db.transaction({ kind: 'school', adminId: s.adminId }, async (tx) => {
    const made = await createInvoice(tx, box, {
      adminId: s.adminId, studentId, createdBy: s.admin.id, dueOn: options.dueOn,
      lines: [{ description: 'Piano lessons', quantity: 1, unitPriceCents: options.cents ?? 12_000 }],
    });
    return options.send === false ? made : (await sendInvoice(tx, box, t.services.config.appUrl, made.id, null)).invoice;
  });
  const link = payLinkOf(box, t.services.config.appUrl, invoice);
  return { invoice, token: link.split('/').at(-1)!, link };
}

/** Sends and expects a status; answers the body. */
export async function expectCall(t: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, status: number, options: { token?: string; body?: unknown; ip?: string } = {}) {
  const res = await t.call(method, url, options);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body.errors ?? res.body.message)}`).toBe(status);
  return res.body;
}
