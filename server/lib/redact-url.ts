/**
 * Paths whose last segment is a secret: the private calendar feed, the emailed reset,
 * invitation and verification links. The request log shows them without it.
 */
const SECRET_PATHS = /\/(ical|resetpassword|acceptinvitation|verifyAccount)\/[^/?#]+/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATHS, '/$1/[redacted]');
}
