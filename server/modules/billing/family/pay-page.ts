import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { invoices, schools, users } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/http-errors.js';
import { hashToken } from '../../../lib/tokens.js';
import type { GatewayFor } from '../../../services/payments/gateway-for-school.js';
import { FAMILY_MESSAGES as M, type PayableInvoice } from '../../../../shared/contracts/billing-family.js';
import { presentPayable } from './presenter.js';

export type PayTokenInvoice = { invoiceId: string; adminId: string };

/**
 * The invoice of a pay token and its school, found by the token's hash before any school is
 * known (app_invoice_by_pay_token, migration 0015), as the calendar feed finds its owner.
 */
export async function invoiceOfPayToken(db: Database, token: string): Promise<PayTokenInvoice | null> {
  const found = await db.callSystemFunction<{ invoice_id: string; admin_id: string } | string>(
    sql`select row_to_json(i) from app_invoice_by_pay_token(${hashToken(token)}) i`,
  );
  if (!found) return null;
  const row = typeof found === 'string' ? (JSON.parse(found) as { invoice_id: string; admin_id: string }) : found;
  return { invoiceId: row.invoice_id, adminId: row.admin_id };
}

/** The invoice as the pay page reads it, inside its school's scope; a draft is not anyone's to pay yet. */
export async function readPayableInvoice(tx: Tx, found: PayTokenInvoice, gatewayFor: GatewayFor): Promise<PayableInvoice> {
  const [row] = await tx.select({
    number: invoices.number, status: invoices.status, totalCents: invoices.totalCents, paidCents: invoices.paidCents,
    currency: invoices.currency, dueOn: invoices.dueOn, schoolName: schools.schoolName, schoolCountry: schools.country,
    first_name: users.firstName, last_name: users.lastName, email: users.email, address1: users.address1, city: users.city,
    state: users.state, postal_code: users.postalCode, cellPhone: users.cellPhone,
  }).from(invoices)
    .innerJoin(users, eq(users.id, invoices.studentId))
    .innerJoin(schools, eq(schools.adminId, invoices.adminId))
    .where(eq(invoices.id, found.invoiceId));
  if (!row || row.status === 'draft') throw notFound(M.invoiceNotFound);
  const gateway = await gatewayFor(tx, found.adminId);
  return presentPayable({
    number: row.number, status: row.status, totalCents: row.totalCents, paidCents: row.paidCents, currency: row.currency, dueOn: row.dueOn,
    adminId: found.adminId, schoolName: row.schoolName, schoolCountry: row.schoolCountry,
    student: {
      first_name: row.first_name, last_name: row.last_name, email: row.email ?? '', address1: row.address1, city: row.city,
      state: row.state, postal_code: row.postal_code, cellPhone: row.cellPhone,
    },
  }, gateway.testMode);
}

/** GET /invoice/{token}: the payable invoice, or 404 for a token that finds none. */
export async function getPayableInvoice(db: Database, token: string, gatewayFor: GatewayFor): Promise<PayableInvoice> {
  const found = await invoiceOfPayToken(db, token);
  if (!found) throw notFound(M.invoiceNotFound);
  return db.transaction({ kind: 'school', adminId: found.adminId }, (tx) => readPayableInvoice(tx, found, gatewayFor));
}
