import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../../config.js';
import { encryptionKeyOf } from '../../../lib/secret-box.js';

/**
 * The unsubscribe link's token: the person and the school (16 bytes each) and an HMAC-SHA256 of
 * them, cut to 16 bytes, base64url (64 characters). Signed, not stored: the link works without a
 * login and without a table of tokens, and nobody can make one for another person. The key is
 * derived from the encryption key, so it is the same on every app node.
 */
const SIG_BYTES = 16;
const PURPOSE = 'cadenza group email unsubscribe v1';

export type UnsubscribeKey = Buffer;

export function unsubscribeKeyOf(config: Pick<Config, 'encryptionKey' | 'dataDir'>): UnsubscribeKey {
  return createHmac('sha256', encryptionKeyOf(config)).update(PURPOSE).digest();
}

const uuidBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
const sign = (key: UnsubscribeKey, payload: Buffer) => createHmac('sha256', key).update(payload).digest().subarray(0, SIG_BYTES);

export function unsubscribeToken(key: UnsubscribeKey, person: { userId: string; adminId: string }): string {
  const payload = Buffer.concat([uuidBytes(person.userId), uuidBytes(person.adminId)]);
  return Buffer.concat([payload, sign(key, payload)]).toString('base64url');
}

/** The person and school a token names, or null when it was not made by us. */
export function readUnsubscribeToken(key: UnsubscribeKey, token: string): { userId: string; adminId: string } | null {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== 32 + SIG_BYTES || bytes.toString('base64url') !== token) return null;
  const payload = bytes.subarray(0, 32);
  if (!timingSafeEqual(bytes.subarray(32), sign(key, payload))) return null;
  return { userId: uuidOf(payload.subarray(0, 16)), adminId: uuidOf(payload.subarray(16)) };
}

export const unsubscribePageUrl = (appUrl: string, token: string) => `${appUrl}/unsubscribe/${token}`;
/** The one-click target of List-Unsubscribe-Post (RFC 8058): a POST with no session. */
export const unsubscribeApiUrl = (appUrl: string, token: string) => `${appUrl}/api/massEmail/unsubscribe/${token}`;
