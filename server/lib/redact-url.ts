/**
 * Paths whose last segment is a secret: the private calendar feed, the emailed reset,
 * invitation and verification links. The request log shows them without it.
 */
const SECRET_PATHS = /\/(ical|resetpassword|acceptinvitation|verifyAccount)\/[^/?#]+/gi;
/** Query parameters that carry a secret: a signed link's signature, a token in a link. */
const SECRET_PARAMS = /([?&](?:sig|token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATHS, '/$1/[redacted]').replace(SECRET_PARAMS, '$1[redacted]');
}
