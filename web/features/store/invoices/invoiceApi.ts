import { INVOICE_TYPES, STORE_INVOICE_ROUTES, type StoreInvoice } from '../../../../shared/contracts/store-invoices';
import { pathOf } from '../../../../shared/contracts/route';
import { callApi } from '../../../lib/callApi';
import { downloadFile } from '../../../lib/download';

export type InvoiceKind = keyof typeof INVOICE_TYPES;

const query = (id: string, kind: InvoiceKind) => new URLSearchParams({ id, type: String(INVOICE_TYPES[kind]) }).toString();

/** docs/domains/store.md "Data and calls": GET /order/getSingleUserOrder?id&type, with the session's token. */
export async function fetchInvoice(id: string, kind: InvoiceKind, signal?: AbortSignal): Promise<StoreInvoice> {
  return (await callApi(STORE_INVOICE_ROUTES.view, { query: { id, type: INVOICE_TYPES[kind] }, signal })).data;
}

/** The server's vector PDF of the same invoice (decision 047), fetched with the token like every download. */
export const downloadInvoicePdf = (id: string, kind: InvoiceKind, orderNumber: string) =>
  downloadFile(`${pathOf(STORE_INVOICE_ROUTES.pdf)}?${query(id, kind)}`, `${kind}-invoice-${orderNumber.replace('#', '')}.pdf`);
