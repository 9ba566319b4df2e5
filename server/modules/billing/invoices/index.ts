/**
 * The invoice core other parts of billing use (payments, recurring invoices, the family pages, the
 * demo): create, send, recompute, the pay link, the PDF. Sub-folders of billing import from here.
 */
export { assertStudentOfSchool, createInvoice, nextInvoiceNumber, type InvoiceRow, type NewInvoice, type NewInvoiceLine } from './create-invoice.js';
export { sendInvoice, type SendResult } from './send-invoice.js';
export { recomputeInvoiceTotals } from './invoice-totals.js';
export { cardChargeInFlight, lockInvoice, refuseWhileCharging } from './invoice-lock.js';
export { newPayToken, payLinkOf, payUrl } from './pay-link.js';
export { billToOfInvoice, findInvoice, invoicePdfFacts, linesOf, readableDate } from './invoice-facts.js';
export { billToPartyOf, fullNameOf, type BillToParty } from './bill-to.js';
export { renderInvoicePdf, type InvoicePdfFacts } from './invoice-pdf.js';
export { loadSchoolBilling, type SchoolBilling } from './school-billing.js';
