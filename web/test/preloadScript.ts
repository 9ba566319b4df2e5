/**
 * The route-preload script (web/scripts/route-preload-plugin.ts) run as the browser runs it, for
 * the tests of the public pages whose first call it makes.
 */
import { afterEach, expect, vi } from 'vitest';
import { API_BASE } from '../lib/api';
import { PREFETCH_GLOBAL, takePrefetched } from '../lib/prefetched';
import { fakeFetch } from './fakeApi';
import { PUBLIC_ROUTES, preloadScript, type PreloadRoute } from '../scripts/route-preload-plugin';

/**
 * Answers `runAt(path)`: the script of every public route, each route's chunk named `chunk`, run
 * at that path. After each test the script's requests, its preload links and fetch's stub go.
 */
export function preloadScriptRunner(chunk: string) {
  const routes: PreloadRoute[] = PUBLIC_ROUTES.map(({ pattern, prefetch }) => ({ pattern, files: [chunk], prefetch }));
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[PREFETCH_GLOBAL];
    document.head.innerHTML = '';
    vi.unstubAllGlobals();
  });
  return function runAt(path: string) {
    window.history.pushState({}, '', path);
    new Function(preloadScript(routes))();
  };
}

/**
 * Runs the script at `path` and checks that it posted `body` to the API path, with the page's chunk
 * preloaded, under the key the page takes the answer by, once.
 */
export function expectPrefetchedPost(runAt: (path: string) => void, path: string, apiPath: string, body: Record<string, string>) {
  const fetchMock = fakeFetch(() => undefined);
  runAt(path);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock).toHaveBeenCalledWith(`${API_BASE}${apiPath}`, expect.objectContaining({ method: 'POST', body: JSON.stringify(body) }));
  const answer = fetchMock.mock.results[0]!.value as Promise<Response>;
  expect(takePrefetched(`${API_BASE}${apiPath}`, body)).toBe(answer);
  expect(takePrefetched(`${API_BASE}${apiPath}`, body)).toBeUndefined();
  expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(1);
}
