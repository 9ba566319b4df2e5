/**
 * The login page's return-to (`/login?next=…`): where a visitor sent to sign in goes afterwards.
 * Only a path of this site is followed; anything else would make /login an open redirect that
 * a phishing link could use to send a freshly signed-in user to another site.
 */
export const NEXT_PARAM = 'next';

// `//host` and `/\host` are other sites to a browser (it reads `\` as `/`); control characters
// and backslashes are refused anywhere, as browsers strip or rewrite them before resolving.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/** The path to return to after signing in, or null when `value` is not a same-origin path. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || UNSAFE.test(value)) return null;
  const base = 'https://cadenza.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Back to /login (or the root that shows it) would only sign in again: no return-to.
  return url.pathname === '/' || url.pathname === '/login' ? null : path;
}

/** The /login address that returns to `path` (with its query) after signing in. */
export function loginPathReturningTo(path: string): string {
  const next = safeReturnPath(path);
  return next ? `/login?${NEXT_PARAM}=${encodeURIComponent(next)}` : '/login';
}
