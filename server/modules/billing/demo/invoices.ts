import { randomInt, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { demoLogin, type DemoContext } from '../../../db/seed-demo.js';
import { invoices, payments, users } from '../../../db/schema/index.js';
import { lessonLinesOf } from '../invoices/lesson-lines.js';
import { createInvoice, loadSchoolBilling, recomputeInvoiceTotals, type NewInvoiceLine } from '../invoices/index.js';
import { addDays, noonOf, todayIn } from '../../../../shared/school-clock.js';

/** How a demo invoice was settled, each payment `daysAfterIssue` after it went out. */
type DemoPayment =
  | { method: 'card'; brand: string; last4: string; cents?: number; daysAfterIssue: number; refundCents?: number; refundNote?: string }
  | { method: 'cash' | 'check'; cents?: number; reference?: string; daysAfterIssue: number };

type DemoInvoice = {
  student: string;
  /** Days before today it was issued; due `dueDays` after that. */
  issuedDaysAgo: number;
  dueDays?: number;
  lines: NewInvoiceLine[];
  discountCents?: number;
  note?: string;
  state: 'draft' | 'sent' | 'void';
  voidReason?: string;
  payments?: DemoPayment[];
};

const lessonsOf = (what: string, count: number, cents: number): NewInvoiceLine => ({ description: `${what} (${count} lessons)`, quantity: count, unitPriceCents: cents });
const fee = (description: string, cents: number): NewInvoiceLine => ({ description, quantity: 1, unitPriceCents: cents });
/** A sandbox card payment as the pay page would have left it: brand and last four only. */
const VISA = { brand: 'Visa', last4: '1111' };
const MASTERCARD = { brand: 'Mastercard', last4: '0015' };
const AMEX = { brand: 'American Express', last4: '0002' };
const DISCOVER = { brand: 'Discover', last4: '0012' };

/**
 * The demo's invoices (issue 11): a term of history for Riverside's families (paid ones by card
 * through the sandbox, cash and check; a card payment refunded; a voided invoice; one partly
 * paid), Lily Chen's open invoice due in ten days and Owen Chen's overdue one; Northside's and
 * Clara Jensen's own few. Saved cards, autopay and recurring invoices are other parts' demos.
 */
export async function seedInvoicesDemo(tx: Tx, now: Date, ctx: DemoContext): Promise<void> {
  const { box } = ctx;
  // A spec's own school (ctx.login) is Riverside alone: Northside's and Clara Jensen's stay the demo's.
  const riverside = ['admin', 'student', 'owenchen', 'avathompson', 'noahpatel', 'miajohnson', 'lucaskim', 'chloenguyen'];
  const others = ctx.login ? [] : ['admin2', 'samokafor', 'zoelindqvist', 'leomarchetti', 'privateteacher', 'harperscott', 'miloreyes'];
  const rows = await tx.select({ id: users.id, username: users.username, adminId: users.adminId }).from(users)
    .where(inArray(users.username, [...riverside.map((u) => demoLogin(ctx, u)), ...others]));
  const person = (username: string) => {
    const found = rows.find((r) => r.username === demoLogin(ctx, username));
    if (!found) throw new Error(`The invoices demo needs the demo user ${username}`);
    return found;
  };

  const seed = async (schoolUsername: string, list: DemoInvoice[]) => {
    const adminId = person(schoolUsername).id;
    const school = await loadSchoolBilling(tx, adminId);
    const today = todayIn(school.timeZone, now);
    for (const d of list) {
      const issuedOn = addDays(today, -d.issuedDaysAgo);
      const studentId = person(d.student).id;
      const lines = d.lines.length > 0 ? d.lines : await currentLessons(tx, adminId, studentId, today);
      const invoice = await createInvoice(tx, box, {
        adminId, studentId, lines, discountCents: d.discountCents, issuedOn, dueOn: addDays(issuedOn, d.dueDays ?? 14), note: d.note, createdBy: adminId,
      });
      const issuedAt = noonOf(issuedOn, school.timeZone);
      await tx.update(invoices).set({ createdAt: issuedAt, updatedAt: issuedAt }).where(eq(invoices.id, invoice.id));
      if (d.state === 'draft') continue;
      await tx.update(invoices).set({ status: 'open', sentAt: issuedAt }).where(eq(invoices.id, invoice.id));
      for (const p of d.payments ?? []) {
        const at = noonOf(addDays(issuedOn, p.daysAfterIssue), school.timeZone);
        const base = {
          adminId, invoiceId: invoice.id, studentId, payerId: invoice.payerId, kind: 'charge', status: 'succeeded', amountCents: p.cents ?? invoice.totalCents,
          currency: invoice.currency, createdAt: at, settledAt: at,
        };
        if (p.method === 'card') {
          const [charge] = await tx.insert(payments).values({
            ...base, method: 'card', source: 'pay_page', idempotencyKey: randomUUID(), gateway: 'sandbox', testMode: true,
            gatewayTransactionId: fakeTransactionId(), gatewayResponseCode: '1', message: 'This transaction has been approved.',
            cardBrand: p.brand, cardLast4: p.last4, refundedCents: p.refundCents ?? 0,
          }).returning();
          if (p.refundCents) {
            const refundedAt = new Date(at.getTime() + 86_400_000);
            await tx.insert(payments).values({
              ...base, kind: 'refund', method: 'card', source: 'staff', amountCents: p.refundCents, refundOfId: charge!.id, idempotencyKey: randomUUID(),
              gateway: 'sandbox', testMode: true, gatewayTransactionId: fakeTransactionId(), gatewayResponseCode: '1',
              message: p.refundNote ?? 'This transaction has been approved.', cardBrand: p.brand, cardLast4: p.last4, recordedBy: adminId,
              createdAt: refundedAt, settledAt: refundedAt,
            });
          }
        } else {
          await tx.insert(payments).values({
            ...base, method: p.method, source: 'staff', reference: p.reference ?? '', recordedBy: adminId,
            message: `${p.method === 'cash' ? 'Cash' : 'Check'} recorded by the office`,
          });
        }
        await recomputeInvoiceTotals(tx, invoice.id, at);
      }
      if (d.state === 'void') {
        await tx.update(invoices).set({ status: 'void', voidedAt: new Date(issuedAt.getTime() + 2 * 86_400_000), voidReason: d.voidReason ?? '' })
          .where(eq(invoices.id, invoice.id));
      }
    }
  };

  // Riverside's term began eight weeks ago: two four-week periods billed, the third going out now.
  const piano = (n: number) => lessonsOf('Private piano lessons, 30 min', n, 3500);
  const guitar = (n: number) => lessonsOf('Private guitar lessons, 30 min', n, 3000);
  const violin = (n: number) => lessonsOf('Private violin lessons, 45 min', n, 4500);
  const drums = (n: number) => lessonsOf('Private drum lessons, 30 min', n, 3000);
  await seed('admin', [
    { student: 'student', issuedDaysAgo: 56, lines: [piano(4), fee('Beginner Piano Group, 4 Saturdays', 6000)], state: 'sent', payments: [{ method: 'card', ...VISA, daysAfterIssue: 3 }] },
    { student: 'owenchen', issuedDaysAgo: 56, lines: [guitar(4)], state: 'sent', payments: [{ method: 'cash', daysAfterIssue: 6 }] },
    { student: 'avathompson', issuedDaysAgo: 56, lines: [violin(4), fee('Junior Strings Ensemble, 4 Fridays', 6000)], state: 'sent', payments: [{ method: 'check', reference: 'Check #1042', daysAfterIssue: 9 }] },
    { student: 'noahpatel', issuedDaysAgo: 56, lines: [drums(4)], state: 'sent', payments: [{ method: 'card', ...MASTERCARD, daysAfterIssue: 2 }] },
    { student: 'miajohnson', issuedDaysAgo: 56, lines: [piano(4)], discountCents: 1400, note: 'Sibling discount: 10% off.', state: 'sent', payments: [{ method: 'card', ...DISCOVER, daysAfterIssue: 12 }] },

    { student: 'student', issuedDaysAgo: 28, lines: [piano(4), fee('Beginner Piano Group, 4 Saturdays', 6000)], state: 'sent', payments: [{ method: 'card', ...VISA, daysAfterIssue: 5 }] },
    { student: 'owenchen', issuedDaysAgo: 28, lines: [guitar(4)], state: 'sent', payments: [{ method: 'cash', daysAfterIssue: 7 }] },
    // Paid twice (a check at the desk and the card online the same week): the card charge was refunded.
    {
      student: 'avathompson', issuedDaysAgo: 28, lines: [violin(4), fee('Junior Strings Ensemble, 4 Fridays', 6000)], state: 'sent',
      payments: [{ method: 'check', reference: 'Check #1057', daysAfterIssue: 4 }, { method: 'card', ...VISA, daysAfterIssue: 5, refundCents: 24000, refundNote: 'Refunded: paid by check the day before' }],
    },
    // Made with the wrong count, voided, and made again.
    { student: 'noahpatel', issuedDaysAgo: 28, lines: [drums(5)], state: 'void', voidReason: 'Wrong lesson count: one lesson fell on the school closure.' },
    { student: 'noahpatel', issuedDaysAgo: 27, lines: [drums(4)], state: 'sent', payments: [{ method: 'card', ...AMEX, daysAfterIssue: 1 }] },
    { student: 'lucaskim', issuedDaysAgo: 28, lines: [lessonsOf('Private piano and flute lessons, 45 min', 4, 4500)], state: 'sent', payments: [{ method: 'check', reference: 'Check #311', daysAfterIssue: 10 }] },

    // Owen's is overdue: issued nineteen days ago, due five days ago, nothing paid.
    { student: 'owenchen', issuedDaysAgo: 19, lines: [guitar(4)], state: 'sent' },
    // Lily's is open, due in ten days: her lessons of the coming weeks, from the calendar.
    { student: 'student', issuedDaysAgo: 4, dueDays: 14, lines: [], note: 'Thank you! Lessons of the coming four weeks.', state: 'sent' },
    { student: 'avathompson', issuedDaysAgo: 4, lines: [violin(4)], state: 'sent', payments: [{ method: 'cash', cents: 9000, daysAfterIssue: 2 }] },
    { student: 'chloenguyen', issuedDaysAgo: 1, lines: [lessonsOf('Private voice lessons, 30 min', 4, 3500)], state: 'draft' },
  ]);

  if (ctx.login) return;
  await seed('admin2', [
    { student: 'samokafor', issuedDaysAgo: 30, lines: [lessonsOf('Violin lessons, 45 min', 4, 5000)], state: 'sent', payments: [{ method: 'cash', daysAfterIssue: 3 }] },
    { student: 'leomarchetti', issuedDaysAgo: 30, lines: [lessonsOf('Viola lessons, 45 min', 4, 5000)], state: 'sent', payments: [{ method: 'card', ...MASTERCARD, daysAfterIssue: 8 }] },
    { student: 'zoelindqvist', issuedDaysAgo: 7, lines: [lessonsOf('Cello lessons, 45 min', 4, 5000)], state: 'sent' },
  ]);

  await seed('privateteacher', [
    { student: 'harperscott', issuedDaysAgo: 35, lines: [lessonsOf('Piano lessons, 30 min', 4, 4000)], state: 'sent', payments: [{ method: 'check', reference: 'Check #88', daysAfterIssue: 5 }] },
    { student: 'miloreyes', issuedDaysAgo: 35, lines: [lessonsOf('Piano lessons, 30 min', 4, 4000)], state: 'sent', payments: [{ method: 'card', ...VISA, daysAfterIssue: 1 }] },
    { student: 'miloreyes', issuedDaysAgo: 5, lines: [lessonsOf('Piano lessons, 30 min', 4, 4000)], state: 'sent' },
  ]);
}

/** Lily's coming four weeks of private lessons, as "Add lessons" would fill them. */
async function currentLessons(tx: Tx, adminId: string, studentId: string, today: string): Promise<NewInvoiceLine[]> {
  const { lines } = await lessonLinesOf(tx, adminId, studentId, today, addDays(today, 27), 3500);
  const own = lines.filter((l) => l.description.startsWith('Private'));
  if (own.length === 0) return [{ description: 'Private piano lessons, 30 min (4 lessons)', quantity: 4, unitPriceCents: 3500 }];
  return own.map((l) => ({ description: l.description, quantity: 1, unitPriceCents: 3500, lessonId: l.lessonId }));
}

/** Authorize.Net's transaction ids are eleven digits; the demo's are made up. */
const fakeTransactionId = () => `6${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
