import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../../lib/api';
import { getKey, takePrefetchedGet } from '../../../lib/prefetched';
import { fakeFetch } from '../../../test/fakeApi';
import { preloadScriptRunner } from '../../../test/preloadScript';
import { PAY_INVOICE_PATH } from './payPageApi';

const TOKEN = 'Ab_-'.repeat(10) + 'xyz';
const runAt = preloadScriptRunner('/assets/pay.js');

describe('the route-preload script on the pay page', () => {
  it('asks for the invoice of the link’s token (a GET) under the key the page takes it by, once', () => {
    const fetchMock = fakeFetch(() => undefined);
    runAt(`/invoices/pay/${TOKEN}`);

    const url = `${API_BASE}${PAY_INVOICE_PATH}${TOKEN}`;
    expect(fetchMock).toHaveBeenCalledWith(url, { headers: { Accept: 'application/json' } });
    const answer = fetchMock.mock.results[0]!.value as Promise<Response>;
    expect(getKey(url)).toBe(`GET /api/invoice/${TOKEN}`);
    expect(takePrefetchedGet(url)).toBe(answer);
    expect(takePrefetchedGet(url)).toBeUndefined();
    expect(document.head.querySelector('link[rel="modulepreload"][href="/assets/pay.js"]')).not.toBeNull();
  });

  it('asks for nothing on a path that is no pay link', () => {
    const fetchMock = fakeFetch(() => undefined);
    runAt('/invoices/pay/short');
    runAt(`/invoices/pay/${TOKEN}/more`);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
