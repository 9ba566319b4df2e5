import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../../lib/api';
import { getKey, PREFETCH_GLOBAL, takePrefetchedGet } from '../../../lib/prefetched';
import { PUBLIC_ROUTES, preloadScript, type PreloadRoute } from '../../../scripts/route-preload-plugin';
import { PAY_INVOICE_PATH } from './payPageApi';

const routes: PreloadRoute[] = PUBLIC_ROUTES.map(({ pattern, prefetch }) => ({ pattern, files: ['/assets/pay.js'], prefetch }));
const TOKEN = 'Ab_-'.repeat(10) + 'xyz';

function runAt(path: string) {
  window.history.pushState({}, '', path);
  new Function(preloadScript(routes))();
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[PREFETCH_GLOBAL];
  document.head.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the route-preload script on the pay page', () => {
  it('asks for the invoice of the link’s token (a GET) under the key the page takes it by, once', () => {
    const answer = Promise.resolve(new Response('{}'));
    const fetchMock = vi.fn(() => answer);
    vi.stubGlobal('fetch', fetchMock);
    runAt(`/invoices/pay/${TOKEN}`);

    const url = `${API_BASE}${PAY_INVOICE_PATH}${TOKEN}`;
    expect(fetchMock).toHaveBeenCalledWith(url, { headers: { Accept: 'application/json' } });
    expect(getKey(url)).toBe(`GET /api/invoice/${TOKEN}`);
    expect(takePrefetchedGet(url)).toBe(answer);
    expect(takePrefetchedGet(url)).toBeUndefined();
    expect(document.head.querySelector('link[rel="modulepreload"][href="/assets/pay.js"]')).not.toBeNull();
  });

  it('asks for nothing on a path that is no pay link', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    runAt('/invoices/pay/short');
    runAt(`/invoices/pay/${TOKEN}/more`);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
