/**
 * The browser's side of web push: the service worker (/sw.js, scope /), the permission and the
 * PushManager subscription. Nothing here talks to Cadenza's API (api.ts does).
 */
import { PUSH_OWNER_KEY as OWNER_KEY, endBrowserPushSubscription } from '../../lib/browserPushSubscription';

export const SERVICE_WORKER_URL = '/sw.js';

export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

export async function pushRegistration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This browser's subscription, when push is on here for `userId` (who turned it on is kept: another person signing in here sees it off). */
export async function currentSubscription(userId: string): Promise<PushSubscription | null> {
  if (pushSupport() !== 'granted' || localStorage.getItem(OWNER_KEY) !== userId) return null;
  return (await pushRegistration()).pushManager.getSubscription();
}

/** Asks permission (from the switch's click), then subscribes with the server's public key. */
export async function subscribeThisBrowser(publicKey: string, userId: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);
  const registration = await pushRegistration();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
  localStorage.setItem(OWNER_KEY, userId);
  return subscription;
}

/** Ends this browser's subscription, if any; answers its address for the server to forget. */
export const unsubscribeThisBrowser = endBrowserPushSubscription;

export class PushPermissionError extends Error {
  constructor(readonly permission: NotificationPermission) {
    super(`Notification permission ${permission}`);
  }
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
