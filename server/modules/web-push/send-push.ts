import webPush from 'web-push';
import { isAllowedPushEndpoint, type PushMessage } from '../../../shared/contracts/web-push.js';
import type { VapidKeys } from './vapid-keys.js';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** sent; gone (the push service forgot the subscription: 404 or 410); failed (anything else). */
export type PushOutcome = { kind: 'sent' } | { kind: 'gone' } | { kind: 'failed'; reason: string };

/** A push service that does not answer in this time is given up on (the next push tries again). */
export const PUSH_TIMEOUT_MS = 5_000;
/** How long the push service keeps a message for a browser that is offline: a day. */
const TTL_SECONDS = 86_400;

/**
 * One push (RFC 8030/8291/8292): web-push encrypts the payload for the browser (aes128gcm) and
 * signs the VAPID header; the POST is ours, to keep it bounded: a timeout, no redirects followed,
 * and the address checked again (a row may predate a change of the insecure-endpoints setting).
 */
export async function sendPush(target: PushTarget, message: PushMessage, keys: VapidKeys, options: { allowInsecure: boolean }): Promise<PushOutcome> {
  if (!isAllowedPushEndpoint(target.endpoint, { allowInsecure: options.allowInsecure })) return { kind: 'gone' };
  const details = webPush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message), {
    vapidDetails: keys,
    TTL: TTL_SECONDS,
    contentEncoding: 'aes128gcm',
  });
  const headers = Object.fromEntries(Object.entries(details.headers)
    .filter(([name]) => name.toLowerCase() !== 'content-length')
    .map(([name, value]) => [name, String(value)]));
  try {
    const res = await fetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.status >= 200 && res.status < 300) return { kind: 'sent' };
    if (res.status === 404 || res.status === 410) return { kind: 'gone' };
    return { kind: 'failed', reason: `status ${res.status}` };
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable' };
  }
}
