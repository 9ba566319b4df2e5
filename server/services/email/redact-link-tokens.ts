const LINK = /https?:\/\/[^\s"'<>]+/g;
/** Our tokens are 43 url-safe characters (lib/tokens.ts); anything this long in a link is treated as one. */
const TOKEN = /[A-Za-z0-9_-]{20,}/g;
export const REDACTED_TOKEN = 'link-removed-after-sending';

/**
 * A delivered email's body as the outbox keeps it: its links (set password, reset, verify, and
 * later pay) lose their tokens, so the stored copy opens nothing (decision 021).
 */
export function redactLinkTokens(body: string): string {
  return body.replace(LINK, (link) => link.replace(TOKEN, REDACTED_TOKEN));
}
