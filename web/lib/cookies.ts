/** The session cookies of docs/domains/accounts.md "Rules": the sign-in token and the login-as token. */
export const TOKEN_COOKIE = 'token';
export const LOGIN_AS_TOKEN_COOKIE = 'loginAsToken';

const SECONDS_PER_DAY = 24 * 60 * 60;

export function readCookie(name: string): string | null {
  for (const pair of document.cookie.split('; ')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator) === name) {
      return decodeURIComponent(pair.slice(separator + 1));
    }
  }
  return null;
}

/** Without `maxAgeDays` the cookie lives as long as the browser session. */
export function writeCookie(name: string, value: string, maxAgeDays?: number): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (maxAgeDays !== undefined) parts.push(`max-age=${Math.round(maxAgeDays * SECONDS_PER_DAY)}`);
  // Over HTTPS the token must never travel in clear text; plain HTTP is only local development.
  if (window.location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; path=/; SameSite=Lax; max-age=0`;
}
