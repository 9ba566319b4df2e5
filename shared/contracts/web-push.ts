import { z } from 'zod';
import type { Role } from '../roles.js';
import { requiredId, safeString } from './common.js';
import { defineRoute, noData } from './route.js';

/**
 * Web push (issue 14; docs/domains/communication.md "Data and calls": `addFcmToken {userId, fcmToken}`). The fcmToken is the
 * browser's PushSubscription as JSON: the push service's address and the browser's two keys.
 * Calls under /api/notification: getVapidPublicKey, addFcmToken, removeFcmToken.
 */
export const ENDPOINT_MAX = 1000;
/** A P-256 public key is 65 bytes (87 in base64url); the auth secret 16 (22). Room for padding. */
const P256DH_MAX = 120;
const AUTH_MAX = 60;

/**
 * docs/domains/roles-and-navigation.md "What it does": who may receive push notifications. Not a
 * parent: parents joined chat without push (decision 081), so this list no longer follows chat's.
 */
export const PUSH_ROLES = ['superadmin', 'admin', 'subadmin', 'teacher', 'student'] as const satisfies readonly Role[];
export const hasPush = (role: Role | string | null | undefined): boolean => (PUSH_ROLES as readonly string[]).includes(role ?? '');

export const WEB_PUSH_MESSAGES = {
  endpointInvalid: 'The push service address must be an https address of a push service',
  endpointMax: `The push service address should allow only ${ENDPOINT_MAX} characters.`,
  endpointNotPublic: 'The push service address must be on the public internet, not a local or private network',
  endpointUnknown: 'The push service address could not be found; please try again',
  keyInvalid: 'The browser’s push key is not valid',
  userInvalid: 'Invalid user',
  userNotFound: 'User not found',
  registered: 'Push notifications are on for this device',
  removed: 'Push notifications are off for this device',
  loginAs: 'Push notifications belong to the person signed in, not to a login-as session',
} as const;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/**
 * Names that are never a push service on the internet: special-use and private-network suffixes
 * (RFC 6761, RFC 6762 .local, RFC 8375 home.arpa, ICANN's .internal) and a cluster's own (.svc,
 * kubernetes.default.svc). The server resolves every other name before it posts (decision 068).
 */
const LOCAL_SUFFIXES = ['localhost', 'local', 'internal', 'arpa', 'svc', 'cluster.local', 'lan', 'home', 'corp', 'intranet', 'test', 'invalid', 'example', 'onion'];

/**
 * The server POSTs to this address, so it must be a push service on the internet (SSRF): https on
 * the default port, a host name with a dot, no IP literal, no local name, no credentials. The
 * server also resolves the name and refuses private addresses (docs/decisions/068-push-services-on-the-public-internet.md).
 * `allowInsecure` (a test-only setting) lets a local push service on plain http through.
 */
export function isAllowedPushEndpoint(value: string, options: { allowInsecure?: boolean } = {}): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (options.allowInsecure) return url.protocol === 'https:' || url.protocol === 'http:';
  // A final dot names the same host (`localhost.`): the checks read the name without it.
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  // The URL parser writes every IPv4 form (0x7f.1, 2130706433) as dotted decimal and IPv6 in brackets.
  const ipLiteral = /^[\d.]+$/.test(host) || host.startsWith('[');
  const local = !host.includes('.') || host.includes('..') || LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
  return url.protocol === 'https:' && url.port === '' && !ipLiteral && !local;
}

const pushKey = (max: number) => safeString().max(max, WEB_PUSH_MESSAGES.keyInvalid).regex(BASE64URL, WEB_PUSH_MESSAGES.keyInvalid);

/** The PushSubscription's JSON; `allowInsecure` only for the server's test setting. */
export function pushSubscriptionSchema(options: { allowInsecure?: boolean } = {}) {
  return z.object({
    endpoint: safeString({ error: WEB_PUSH_MESSAGES.endpointInvalid }).max(ENDPOINT_MAX, WEB_PUSH_MESSAGES.endpointMax)
      .refine((v) => isAllowedPushEndpoint(v, options), WEB_PUSH_MESSAGES.endpointInvalid),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: pushKey(P256DH_MAX), auth: pushKey(AUTH_MAX) }),
  });
}

/**
 * The body of addFcmToken; the server registers the route with the body of its setting
 * (`pushAllowInsecureEndpoints`, test-only), the contract and the web keep the default.
 */
export function addFcmTokenBodyOf(options: { allowInsecure?: boolean } = {}) {
  return z.object({ userId: requiredId(WEB_PUSH_MESSAGES.userInvalid), fcmToken: pushSubscriptionSchema(options) });
}
export const addFcmTokenBody = addFcmTokenBodyOf();
export type PushSubscriptionJson = z.infer<ReturnType<typeof pushSubscriptionSchema>>;

/** Sign-out of a device, or the switch turned off: that browser's subscription goes. */
export const removeFcmTokenBody = z.object({
  userId: requiredId(WEB_PUSH_MESSAGES.userInvalid),
  endpoint: safeString({ error: WEB_PUSH_MESSAGES.endpointInvalid }).max(ENDPOINT_MAX, WEB_PUSH_MESSAGES.endpointMax),
});

export const vapidPublicKeyAnswer = z.object({ publicKey: z.string() });
export type VapidPublicKeyAnswer = z.infer<typeof vapidPublicKeyAnswer>;

/** What a push carries to the service worker (web/public/sw.js shows it). */
export type PushMessage = { title: string; body: string; link: string };

const meta = { roles: 'signedIn', tags: ['notification'] } as const;
/** The key is asked for by the roles that receive push notifications alone. */
const keyMeta = { ...meta, roles: PUSH_ROLES } as const;

export const WEB_PUSH_ROUTES = {
  vapidPublicKey: defineRoute({ method: 'GET', path: '/notification/getVapidPublicKey', response: vapidPublicKeyAnswer, meta: keyMeta }),
  vapidPublicKeyPost: defineRoute({ method: 'POST', path: '/notification/getVapidPublicKey', response: vapidPublicKeyAnswer, meta: keyMeta }),
  addFcmToken: defineRoute({ method: 'POST', path: '/notification/addFcmToken', body: addFcmTokenBody, response: noData, meta }),
  removeFcmToken: defineRoute({ method: 'POST', path: '/notification/removeFcmToken', body: removeFcmTokenBody, response: noData, meta: { ...meta, lapsedSchool: 'open' } }),
};
