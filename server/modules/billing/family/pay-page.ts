import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { invoices, payments, schools } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/http-errors.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import { hashToken } from '../../../lib/tokens.js';
import type { GatewayFor } from '../../../services/payments/gateway-for-school.js';
import { FAMILY_MESSAGES as M, type PayableInvoice, type PayReceipt } from '../../../../shared/contracts/billing-family.js';
import { formatInvoiceNumber } from '../../../../shared/contracts/billing.js';
import { billToOfInvoice, invoicePdfFacts, linesOf, loadSchoolBilling, renderInvoicePdf, type BillToParty, type InvoiceRow } from '../invoices/index.js';
import { presentPayable, presentReceipt } from './presenter.js';

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

/** The token's invoice in its school's scope; a draft is nobody's to see or pay yet (404 as an unknown token). */
async function invoiceOf(tx: Tx, found: PayTokenInvoice): Promise<InvoiceRow> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, found.invoiceId));
  if (!row || row.status === 'draft') throw notFound(M.invoiceNotFound);
  return row;
}

/**
 * The receipt of a paid invoice (decision 075): its latest payment in, whatever way it came (a
 * card, or cash or a check the office recorded); none while the invoice is open or void.
 */
export async function receiptOf(tx: Tx, invoice: InvoiceRow, party: BillToParty, timeZone: string): Promise<PayReceipt | null> {
  if (invoice.status !== 'paid') return null;
  const [payment] = await tx.select().from(payments)
    .where(and(eq(payments.invoiceId, invoice.id), eq(payments.kind, 'charge'), eq(payments.status, 'succeeded')))
    .orderBy(desc(sql`coalesce(${payments.settledAt}, ${payments.createdAt})`), desc(payments.id)).limit(1);
  return payment ? presentReceipt(payment, timeZone, party) : null;
}

/** The invoice as the pay page reads it, inside its school's scope: billed to its payer, as its PDF. */
export async function readPayableInvoice(tx: Tx, found: PayTokenInvoice, gatewayFor: GatewayFor): Promise<PayableInvoice> {
  const invoice = await invoiceOf(tx, found);
  const [school] = await tx.select({ name: schools.schoolName, country: schools.country }).from(schools).where(eq(schools.adminId, found.adminId));
  const [billing, party, lines, gateway] = [
    await loadSchoolBilling(tx, found.adminId), await billToOfInvoice(tx, invoice), await linesOf(tx, invoice.id), await gatewayFor(tx, found.adminId),
  ];
  return presentPayable({
    invoice, lines, party, adminId: found.adminId, schoolName: school!.name, schoolCountry: school!.country,
    receipt: await receiptOf(tx, invoice, party, billing.timeZone),
  }, gateway.testMode);
}

/** GET /invoice/{token}: the payable invoice, or 404 for a token that finds none. */
export async function getPayableInvoice(db: Database, token: string, gatewayFor: GatewayFor): Promise<PayableInvoice> {
  const found = await invoiceOfPayToken(db, token);
  if (!found) throw notFound(M.invoiceNotFound);
  return db.transaction({ kind: 'school', adminId: found.adminId }, (tx) => readPayableInvoice(tx, found, gatewayFor));
}

/**
 * GET /invoice/{token}/pdf: the invoice's PDF to whoever holds its pay link (decision 075), as the
 * email that carried the link attached it; once paid it reads paid. The token is the authority:
 * one that finds no invoice, or a draft's, is 404 like any unknown one.
 */
export async function payPagePdf(db: Database, box: SecretBox, appUrl: string, token: string): Promise<{ filename: string; pdf: Buffer }> {
  const found = await invoiceOfPayToken(db, token);
  if (!found) throw notFound(M.invoiceNotFound);
  return db.transaction({ kind: 'school', adminId: found.adminId }, async (tx) => {
    const invoice = await invoiceOf(tx, found);
    return { filename: `${formatInvoiceNumber(invoice.number)}.pdf`, pdf: await renderInvoicePdf(await invoicePdfFacts(tx, box, appUrl, invoice)) };
  });
}
