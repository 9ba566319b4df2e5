import { describe, expect, it } from 'vitest';
import { FAMILY_BILLING_ROUTES as R } from '../../../../shared/contracts/billing-family';
import { pathOf } from '../../../../shared/contracts/route';
import { API_BASE } from '../../../lib/api';
import { fakeFetch } from '../../../test/fakeApi';
import { fetchPayableInvoice, PAY_INVOICE_PATH, payPagePdfUrl } from './payPageApi';

// A token as the app makes them (base64url), with the characters a path must escape besides.
const TOKEN = 'Ab_-'.repeat(10) + 'x/?';

describe('the pay page’s calls by path (decision 077)', () => {
  it('reads the invoice at its contract’s path and method', async () => {
    const fetchMock = fakeFetch(() => ({ status: 200, message: 'Success', data: { invoiceNo: 'INV-000001' } }));
    expect(await fetchPayableInvoice(TOKEN)).toEqual({ invoiceNo: 'INV-000001' });
    expect(R.payableInvoice.method).toBe('GET');
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${API_BASE}${pathOf(R.payableInvoice, { id: TOKEN })}`);
    expect(pathOf(R.payableInvoice, { id: 'T' })).toBe(`${PAY_INVOICE_PATH}T`);
  });

  it('links the PDF at its contract’s path', () => {
    expect(payPagePdfUrl(TOKEN)).toBe(`${API_BASE}${pathOf(R.payPagePdf, { id: TOKEN })}`);
  });
});
