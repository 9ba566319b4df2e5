/**
 * The route-preload script (web/scripts/route-preload-plugin.ts) run as the browser runs it, for
 * the tests of the public pages whose first call it makes.
 */
import { afterEach, vi } from 'vitest';
import { PREFETCH_GLOBAL } from '../lib/prefetched';
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
