import { INVOICE_TYPES, type StoreInvoice } from '../../../../shared/contracts/store-invoices';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';

export type InvoiceKind = keyof typeof INVOICE_TYPES;

const query = (id: string, kind: InvoiceKind) => new URLSearchParams({ id, type: String(INVOICE_TYPES[kind]) }).toString();

/** docs/domains/store.md "Data and calls": GET /order/getSingleUserOrder?id&type, with the session's token. */
export async function fetchInvoice(id: string, kind: InvoiceKind, signal?: AbortSignal): Promise<StoreInvoice> {
  return (await api.get<StoreInvoice>(`/order/getSingleUserOrder?${query(id, kind)}`, { signal })).data;
}

/** The server's vector PDF of the same invoice (decision 047), fetched with the token like every download. */
export const downloadInvoicePdf = (id: string, kind: InvoiceKind, orderNumber: string) =>
  downloadFile(`/order/invoicePdf?${query(id, kind)}`, `${kind}-invoice-${orderNumber.replace('#', '')}.pdf`);
