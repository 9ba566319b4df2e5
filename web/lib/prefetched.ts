/**
 * Answers that the route-preload script (web/scripts/route-preload-plugin.ts) asked for before
 * any of the app's code arrived: a public page's first API call then travels beside its chunks
 * instead of after them (decision 027).
 */

/** Where the preload script leaves its requests: call key (see callKey) → the fetch's promise. */
export const PREFETCH_GLOBAL = '__cadenzaPrefetched';

/** The same key the preload script builds: the API path and the JSON body it posted. */
export function callKey(path: string, body: unknown): string {
  return `${path} ${JSON.stringify(body)}`;
}

/** A GET's key: the method and the URL it asked for (the path's capture appended to the call's path). */
export function getKey(url: string): string {
  return `GET ${url}`;
}

type Store = Record<string, Promise<Response> | undefined>;

/**
 * The preloaded answer of this call, once: a second call (a retry, another mount) asks the
 * server again.
 */
export function takePrefetched(path: string, body: unknown): Promise<Response> | undefined {
  return takeByKey(callKey(path, body));
}

/** The preloaded answer of a GET of this URL, once. */
export function takePrefetchedGet(url: string): Promise<Response> | undefined {
  return takeByKey(getKey(url));
}

function takeByKey(key: string): Promise<Response> | undefined {
  const store = (window as unknown as Record<string, Store | undefined>)[PREFETCH_GLOBAL];
  const pending = store?.[key];
  if (store && pending) delete store[key];
  return pending;
}
