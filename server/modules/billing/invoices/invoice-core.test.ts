import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailMessages, invoiceLines, invoices, parentChildren } from '../../../db/schema/index.js';
import { secretBoxOf, type SecretBox } from '../../../lib/secret-box.js';
import { hashToken } from '../../../lib/tokens.js';
import { REDACTED_TOKEN } from '../../../services/email/redact-link-tokens.js';
import { createSchool, createUser, type TestSchool } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { billedPayerOf as payerOf } from '../../relations/index.js';
import { createInvoice, payLinkOf, recomputeInvoiceTotals, sendInvoice } from './index.js';
import { pdfText } from './test-kit.js';
import { formatInvoiceNumber } from '../../../../shared/contracts/billing.js';
import { patient } from '../../../../tests/patience.js';

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
let box: SecretBox;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db, { name: 'Riverside Test Academy' });
  b = await createSchool(t.db);
  box = secretBoxOf(t.services.config);
});
afterAll(() => t.close());

const lines = [{ description: 'Piano lessons, March', quantity: 4, unitPriceCents: 3500 }, { description: 'Book', quantity: 1, unitPriceCents: 1250 }];
const make = (s: TestSchool, studentId = s.student.id, extra = {}) =>
  t.db.transaction({ kind: 'school', adminId: s.adminId }, (tx) => createInvoice(tx, box, { adminId: s.adminId, studentId, lines, discountCents: 1000, createdBy: s.admin.id, ...extra }));

describe('createInvoice', () => {
  it('numbers per school from 1, bills the parent, and totals the lines on the server', async () => {
    const first = await make(a);
    const second = await make(a, a.otherStudent.id);
    const other = await make(b);
    expect([first.number, second.number, other.number]).toEqual([1, 2, 1]);
    expect(first).toMatchObject({ status: 'draft', studentId: a.student.id, payerId: a.parent.id, subtotalCents: 15250, discountCents: 1000, totalCents: 14250, paidCents: 0 });
    // A student with no parent pays for themself.
    expect(second.payerId).toBe(a.otherStudent.id);
    const stored = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, first.id)));
    expect(stored.map((l) => [l.position, l.amountCents, l.kind])).toEqual([[0, 14000, 'item'], [1, 1250, 'item']]);
  });

  it('keeps only the pay token’s hash and a sealed copy: the link opens to the same token', async () => {
    const invoice = await make(a);
    const link = payLinkOf(box, 'http://cadenza.test', invoice);
    const token = link.split('/').at(-1)!;
    expect(link).toBe(`http://cadenza.test/invoices/pay/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invoice.payTokenHash).toBe(hashToken(token));
    expect(invoice.payTokenSealed).not.toContain(token);
  });

  it('prefers a parent linked on the forms to one linked only by a family', async () => {
    const familyOnly = await createUser(t.db, 'parent', a.adminId);
    const student = await createUser(t.db, 'student', a.adminId);
    await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(parentChildren).values({ adminId: a.adminId, parentId: familyOnly.id, studentId: student.id, direct: false }));
    expect(await t.db.transaction({ kind: 'all' }, (tx) => payerOf(tx, a.adminId, student.id))).toBe(familyOnly.id);
    const direct = await createUser(t.db, 'parent', a.adminId);
    await t.db.transaction({ kind: 'all' }, (tx) => tx.insert(parentChildren).values({ adminId: a.adminId, parentId: direct.id, studentId: student.id, direct: true }));
    expect(await t.db.transaction({ kind: 'all' }, (tx) => payerOf(tx, a.adminId, student.id))).toBe(direct.id);
  });

  it('gives 20 concurrent creations 20 different numbers, in sequence, none reused', async () => {
    const s = await createSchool(t.db);
    const made = await Promise.all(Array.from({ length: 20 }, () => make(s)));
    expect(made.map((i) => i.number).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // A creation that rolls back gives its number back: the next one takes it, so no number is skipped or used twice.
    await expect(t.db.transaction({ kind: 'school', adminId: s.adminId }, async (tx) => {
      await createInvoice(tx, box, { adminId: s.adminId, studentId: s.student.id, lines, createdBy: null });
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect((await make(s)).number).toBe(21);
  });
});

describe('recomputeInvoiceTotals', () => {
  it('moves an open invoice to paid at zero balance, and back to open when a refund leaves a balance', async () => {
    const invoice = await make(a);
    await t.db.transaction({ kind: 'school', adminId: a.adminId }, async (tx) => {
      await tx.update(invoices).set({ status: 'open' }).where(eq(invoices.id, invoice.id));
      const base = { adminId: a.adminId, invoiceId: invoice.id, studentId: a.student.id, payerId: a.parent.id, source: 'staff' };
      await tx.execute(sql`insert into payments (admin_id, invoice_id, student_id, payer_id, kind, method, source, status, amount_cents)
        values (${base.adminId}, ${base.invoiceId}, ${base.studentId}, ${base.payerId}, 'charge', 'cash', 'staff', 'succeeded', 14250),
               (${base.adminId}, ${base.invoiceId}, ${base.studentId}, ${base.payerId}, 'charge', 'card', 'pay_page', 'declined', 14250)`);
      expect(await recomputeInvoiceTotals(tx, invoice.id)).toMatchObject({ status: 'paid', paidCents: 14250 });
      await tx.execute(sql`insert into payments (admin_id, invoice_id, student_id, payer_id, kind, method, source, status, amount_cents)
        values (${base.adminId}, ${base.invoiceId}, ${base.studentId}, ${base.payerId}, 'refund', 'cash', 'staff', 'succeeded', 250)`);
      const back = await recomputeInvoiceTotals(tx, invoice.id);
      expect(back).toMatchObject({ status: 'open', paidCents: 14000, paidAt: null });
    });
  });
});

describe('sendInvoice', () => {
  it('opens the invoice and emails the payer once, with the pay link and the PDF; the stored copy keeps neither the token nor the file', async () => {
    const invoice = await make(a, a.student.id, { note: 'Thank you for a lovely term.' });
    const mark = t.sentEmails.length;
    // The app's database wakes the outbox after commit, as a request's transaction does.
    const result = await t.services.db.transaction({ kind: 'school', adminId: a.adminId }, (tx) => sendInvoice(tx, box, 'http://cadenza.test', invoice.id, null));
    expect(result.invoice).toMatchObject({ status: 'open' });
    expect(result.invoice.sentAt).toBeInstanceOf(Date);
    expect(result.emailedTo).toBe(a.parent.email);
    await vi.waitFor(() => expect(t.sentEmails.length).toBe(mark + 1), { timeout: patient(10_000) });
    const email = t.sentEmails[mark]!;
    const link = payLinkOf(box, 'http://cadenza.test', invoice);
    expect(email.to).toBe(a.parent.email);
    const number = formatInvoiceNumber(invoice.number);
    expect(email.subject).toMatch(new RegExp(`^Invoice ${number} from Riverside Test Academy: \\$142\\.50 due [A-Z][a-z]{2} \\d{1,2}, \\d{4}$`));
    expect(email.text).toContain(link);
    expect(email.html).toContain(link);
    expect(email.attachments).toHaveLength(1);
    expect(email.attachments![0]).toMatchObject({ filename: `${number}.pdf`, contentType: 'application/pdf' });
    const text = await pdfText(email.attachments![0]!.content);
    expect(text).toContain(`Invoice ${number}`);
    expect(text).toContain(link);

    const token = link.split('/').at(-1)!;
    await vi.waitFor(async () => {
      const [stored] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(eq(emailMessages.toAddress, a.parent.email)).orderBy(sql`created_at desc`).limit(1));
      expect(stored!.status).toBe('sent');
      expect(stored!.textBody).not.toContain(token);
      expect(stored!.htmlBody).not.toContain(token);
      expect(stored!.textBody).toContain(`/invoices/pay/${REDACTED_TOKEN}`);
      expect(stored!.attachments).toEqual([{ filename: `${number}.pdf`, contentType: 'application/pdf', contentBase64: '' }]);
    }, { timeout: patient(10_000) });
  });

  it('refuses a void invoice, and pays at once one discounted to nothing', async () => {
    const free = await make(a, a.student.id, { discountCents: 15250 });
    const sent = await t.db.transaction({ kind: 'school', adminId: a.adminId }, (tx) => sendInvoice(tx, box, 'http://cadenza.test', free.id, null));
    expect(sent.invoice).toMatchObject({ status: 'paid', totalCents: 0 });
    const voided = await make(a);
    await t.db.transaction({ kind: 'all' }, (tx) => tx.update(invoices).set({ status: 'void' }).where(eq(invoices.id, voided.id)));
    await expect(t.db.transaction({ kind: 'school', adminId: a.adminId }, (tx) => sendInvoice(tx, box, 'http://cadenza.test', voided.id, null)))
      .rejects.toMatchObject({ status: 400 });
  });

  it("cannot reach another school's invoice", async () => {
    const theirs = await make(b);
    await expect(t.db.transaction({ kind: 'school', adminId: a.adminId }, (tx) => sendInvoice(tx, box, 'http://cadenza.test', theirs.id, null)))
      .rejects.toMatchObject({ status: 404 });
  });
});
