import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppServices } from '../../../context.js';
import { invoices, payments, savedCards } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError, notFound } from '../../../lib/http-errors.js';
import { planLapsedOf } from '../../schools/index.js';
import { SCHOOL_PLAN_MESSAGES } from '../../../../shared/contracts/school-plans.js';
import { decidePayInvoice } from '../../../policies/billing-family.js';
import { chargeInvoice, type ChargeOutcome } from '../payments/charge-invoice.js';
import { formatInvoiceNumber } from '../../../../shared/contracts/billing.js';
import { dollarsOf } from '../../../../shared/money.js';
import {
  FAMILY_MESSAGES as M, type InvoicePaymentResult, type invoicePaymentBody, type PayInvoiceBody,
} from '../../../../shared/contracts/billing-family.js';
import { enforce, loadBillingStudent } from './billing-student.js';
import type { FamilyContext } from './family-context.js';
import { checkPayFromAddress, checkPayOnInvoice } from './limits.js';
import { invoiceOfPayToken } from './pay-page.js';
import { presentReceipt } from './presenter.js';
import { billToOfInvoice, loadSchoolBilling } from '../invoices/index.js';

type PaymentInput = z.output<typeof invoicePaymentBody>;
type Services = Pick<AppServices, 'db' | 'config' | 'rateLimits'>;

export type PaidAnswer = { outcome: ChargeOutcome; data: InvoicePaymentResult };

/** What a charge's answer tells the page beside its message. */
function answerOf(outcome: ChargeOutcome, invoiceNumber: number): PaidAnswer {
  return {
    outcome,
    data: {
      invoiceNo: formatInvoiceNumber(invoiceNumber),
      amount: dollarsOf(outcome.amountCents),
      transactionId: outcome.paymentId,
      status: outcome.invoiceStatus === 'paid' ? 'paid' : 'open',
      balance: dollarsOf(outcome.balanceCents),
    },
  };
}

/**
 * POST /invoice/payment (the public pay page, no session): the payer's card charged for the
 * invoice's balance through chargeInvoice (its lock, idempotency key and the gateway's duplicate
 * window). The address is counted before the token is looked up, the invoice after: card
 * testing meets the limit whatever invoice or address it spreads over. The client's amount,
 * adminId and schoolName are not read. The card goes to the gateway and nowhere else.
 */
export async function payByToken(services: Services, ctx: FamilyContext, body: PaymentInput, ip: string): Promise<PaidAnswer> {
  await checkPayFromAddress(services.rateLimits, ip);
  const found = await invoiceOfPayToken(services.db, body.invoiceId);
  if (!found) throw notFound(M.invoiceNotFound);
  // No session carries the lapse here: a family charged by card for a lapsed school is what the wall closes (decision 071).
  if (await services.db.transaction({ kind: 'school', adminId: found.adminId }, (tx) => planLapsedOf(tx, found.adminId))) {
    throw new AppError(402, SCHOOL_PLAN_MESSAGES.lapsedPayPage);
  }
  await checkPayOnInvoice(services.rateLimits, found.invoiceId);
  const [year, month] = body.expDate.split('-') as [string, string];
  const outcome = await chargeInvoice(services.db, { config: services.config, gatewayFor: ctx.gatewayFor }, {
    adminId: found.adminId,
    invoiceId: found.invoiceId,
    source: 'pay_page',
    // Namespaced: a key typed by a stranger can never be one of autopay's or a signed-in payer's.
    idempotencyKey: `page:${body.idempotencyKey ?? randomUUID()}`,
    ip,
    card: { number: body.cardNo, expMonth: Number(month), expYear: Number(year), code: body.cardCode },
    billTo: {
      firstName: body.firstName, lastName: body.lastName, address: body.address1, city: body.city, state: body.state,
      zip: body.postalCode, country: body.country, email: body.email, phone: body.cellPhone,
    },
  });
  // The receipt the page shows at once (decision 075): also for a replayed key (a double click, a
  // retry after a lost answer), which charged nothing more and answers the first charge's receipt.
  const { number, receipt } = await services.db.transaction({ kind: 'school', adminId: found.adminId }, async (tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, found.invoiceId));
    if (outcome.status !== 'succeeded') return { number: row!.number, receipt: undefined };
    const [payment] = await tx.select().from(payments).where(eq(payments.id, outcome.paymentId));
    const school = await loadSchoolBilling(tx, found.adminId);
    return { number: row!.number, receipt: presentReceipt(payment!, school.timeZone, await billToOfInvoice(tx, row!)) };
  });
  const answer = answerOf(outcome, number);
  return receipt ? { ...answer, data: { ...answer.data, receipt } } : answer;
}

/**
 * POST /paymentbilling/payInvoice: the invoice's payer pays its balance with a saved card of
 * their own. Looked up before the policy decides, so another school's invoice or card answers
 * exactly as one that does not exist: the invoice (404), a card of the school (404), the payer
 * (403 for staff and a family member who is not this invoice's payer), the card theirs (404).
 */
export async function payWithSavedCard(services: Services, ctx: FamilyContext, actor: Actor, body: Required<PayInvoiceBody>): Promise<PaidAnswer> {
  const checked = await services.db.transaction(actor.tenant, async (tx) => {
    const [invoice] = await tx.select({ id: invoices.id, adminId: invoices.adminId, number: invoices.number, studentId: invoices.studentId, payerId: invoices.payerId, status: invoices.status })
      .from(invoices).where(eq(invoices.id, body.invoiceId));
    if (!invoice || invoice.status === 'draft') throw notFound(M.invoiceNotFound);
    const [card] = await tx.select({ id: savedCards.id, ownerId: savedCards.ownerId }).from(savedCards)
      .where(and(eq(savedCards.id, body.cardId), eq(savedCards.adminId, invoice.adminId), isNull(savedCards.removedAt)));
    if (!card) throw notFound(M.cardNotFound);
    const student = await loadBillingStudent(tx, actor, invoice.studentId);
    if (!student) throw notFound(M.invoiceNotFound);
    enforce(decidePayInvoice(actor, student, invoice.payerId), M.invoiceNotFound);
    if (card.ownerId !== actor.id) throw notFound(M.cardNotFound);
    return invoice;
  });
  const outcome = await chargeInvoice(services.db, { config: services.config, gatewayFor: ctx.gatewayFor }, {
    adminId: checked.adminId,
    invoiceId: checked.id,
    source: 'saved_card',
    idempotencyKey: `card:${actor.id}:${body.idempotencyKey}`,
    actorId: actor.accountableId,
    ip: actor.ip,
    savedCardId: body.cardId,
  });
  return answerOf(outcome, checked.number);
}
