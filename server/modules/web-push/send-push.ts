import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import webPush from 'web-push';
import { isAllowedPushEndpoint, type PushMessage } from '../../../shared/contracts/web-push.js';
import type { HostLookup } from '../../lib/public-address.js';
import { NotPublicAddressError, checkedLookup, pushAddressRule } from './push-address.js';
import type { VapidKeys } from './vapid-keys.js';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/**
 * sent; gone (the push service forgot the subscription: 404 or 410); refused (its address is not
 * one the server posts to: not a public push service); failed (anything else).
 */
export type PushOutcome = { kind: 'sent' } | { kind: 'gone' } | { kind: 'refused' } | { kind: 'failed'; reason: string };

/** A push service that does not answer in this time is given up on (the next push tries again). */
export const PUSH_TIMEOUT_MS = 5_000;
/** How long the push service keeps a message for a browser that is offline: a day. */
const TTL_SECONDS = 86_400;

export type SendOptions = { allowInsecure: boolean; lookup: HostLookup };

/**
 * One push (RFC 8030/8291/8292): web-push encrypts the payload for the browser (aes128gcm) and
 * signs the VAPID header; the POST is ours, to keep it bounded: a timeout, no redirects followed,
 * the address checked again (a row may predate a change of the insecure-endpoints setting), and
 * the connection made to the address the check resolved (decision 068), on a socket of its own.
 */
export async function sendPush(target: PushTarget, message: PushMessage, keys: VapidKeys, options: SendOptions): Promise<PushOutcome> {
  if (!isAllowedPushEndpoint(target.endpoint, { allowInsecure: options.allowInsecure })) return { kind: 'refused' };
  const allowed = pushAddressRule(options.allowInsecure);
  const url = new URL(target.endpoint);
  // An IP literal never reaches the socket's lookup: it is checked here (the setting allows only loopback ones).
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(literal) !== 0 && !allowed(literal)) return { kind: 'refused' };
  const details = webPush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message), {
    vapidDetails: keys,
    TTL: TTL_SECONDS,
    contentEncoding: 'aes128gcm',
  });
  const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
  const signal = AbortSignal.timeout(PUSH_TIMEOUT_MS);
  try {
    const status = await post(url, { method: details.method, headers, body: details.body ?? undefined, signal }, checkedLookup(options.lookup, allowed));
    if (status >= 200 && status < 300) return { kind: 'sent' };
    if (status === 404 || status === 410) return { kind: 'gone' };
    return { kind: 'failed', reason: `status ${status}` };
  } catch (error) {
    if (error instanceof NotPublicAddressError) return { kind: 'refused' };
    return { kind: 'failed', reason: signal.aborted ? 'timeout' : 'unreachable' };
  }
}

type PostInit = { method: string; headers: Record<string, string>; body?: Buffer; signal: AbortSignal };

/** The POST on a socket of its own (no pool: no socket outlives its check); answers the status, reads no body. */
function post(url: URL, init: PostInit, lookup: ReturnType<typeof checkedLookup>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(url, { method: init.method, headers: init.headers, lookup, agent: false, signal: init.signal }, (res: IncomingMessage) => {
      resolve(res.statusCode ?? 0);
      res.destroy();
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
