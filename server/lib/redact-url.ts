/**
 * Paths whose last segment is a secret: the private calendar feed, the emailed reset,
 * invitation and verification links, and the group email's unsubscribe link (issue 14). The request log shows them without it.
 */
const SECRET_PATHS = /\/(ical|resetpassword|acceptinvitation|verifyAccount|unsubscribe)\/[^/?#]+/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATHS, '/$1/[redacted]');
}
