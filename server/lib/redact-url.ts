/**
 * Paths whose last segment is a secret: the private calendar feed, the emailed reset,
 * invitation and verification links, and the group email's unsubscribe link. The request log
 * shows them without it.
 */
const SECRET_PATHS = /\/(ical|resetpassword|acceptinvitation|verifyAccount|unsubscribe)\/[^/?#]+/gi;
/** The pay page's and its API's token (43 URL-safe characters), beside record ids of the same paths. */
const PAY_TOKENS = /\/(invoices\/pay|invoice)\/[A-Za-z0-9_-]{43}(?=[/?#]|$)/g;
/** Query parameters that carry a secret: a signed link's signature, a token in a link. */
const SECRET_PARAMS = /([?&](?:sig|token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATHS, '/$1/[redacted]').replace(PAY_TOKENS, '/$1/[redacted]').replace(SECRET_PARAMS, '$1[redacted]');
}
