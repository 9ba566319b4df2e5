import { asc, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client.js';
import { invoices, payments, schools, users } from '../../../db/schema/index.js';
import { dollarsOf } from '../../../../shared/money.js';
import { formatInvoiceNumber, type PAYMENT_METHODS } from '../../../../shared/contracts/billing.js';
import { reportStatusOf, type PaymentReportRow } from '../../../../shared/contracts/billing-reports.js';
import { isoInZone } from '../../../../shared/school-clock.js';

const student = alias(users, 'student');
const payer = alias(users, 'payer');

export const paymentColumns = {
  id: payments.id,
  adminId: payments.adminId,
  createdAt: payments.createdAt,
  kind: payments.kind,
  method: payments.method,
  source: payments.source,
  status: payments.status,
  amountCents: payments.amountCents,
  refundedCents: payments.refundedCents,
  currency: payments.currency,
  cardBrand: payments.cardBrand,
  cardLast4: payments.cardLast4,
  reference: payments.reference,
  testMode: payments.testMode,
  invoiceId: payments.invoiceId,
  invoiceNumber: invoices.number,
  schoolName: schools.schoolName,
  studentId: student.id,
  studentFirst: student.firstName,
  studentLast: student.lastName,
  payerId: payer.id,
  payerFirst: payer.firstName,
  payerLast: payer.lastName,
};

/** Payments with the names a row shows: its student, payer, invoice number and school. */
export function selectPayments(tx: Tx, where: SQL) {
  return tx.select(paymentColumns).from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(schools, eq(schools.adminId, payments.adminId))
    .innerJoin(student, eq(student.id, payments.studentId))
    .innerJoin(payer, eq(payer.id, payments.payerId))
    .where(where);
}

export type PaymentLine = Awaited<ReturnType<typeof selectPayments>>[number];

export function paymentOrder(sortBy: 'date' | 'amount', orderBy: -1 | 1) {
  const dir = orderBy === 1 ? asc : desc;
  if (sortBy === 'amount') return [dir(payments.amountCents), desc(payments.createdAt), desc(payments.id)];
  return [dir(payments.createdAt), dir(payments.id)];
}

/** A payment row as JSON: dollars with two decimals, the moment with the school's offset. */
export function presentPayment(r: PaymentLine, zone: string): PaymentReportRow {
  return {
    _id: r.id,
    date: isoInZone(r.createdAt, zone),
    kind: r.kind === 'refund' ? 'refund' : 'payment',
    method: r.method as (typeof PAYMENT_METHODS)[number],
    status: reportStatusOf(r),
    amount: dollarsOf(Math.abs(r.amountCents)),
    refunded: dollarsOf(r.refundedCents),
    currency: r.currency,
    student: { _id: r.studentId, first_name: r.studentFirst, last_name: r.studentLast },
    payer: { _id: r.payerId, first_name: r.payerFirst, last_name: r.payerLast },
    invoice: { _id: r.invoiceId, number: formatInvoiceNumber(r.invoiceNumber) },
    school: { _id: r.adminId, school_name: r.schoolName },
    card: r.cardBrand && r.cardLast4 ? { brand: r.cardBrand, last4: r.cardLast4 } : null,
    reference: r.reference,
    testMode: r.testMode,
  };
}
