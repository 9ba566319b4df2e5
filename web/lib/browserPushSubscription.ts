/**
 * This browser's push subscription, as far as signing out needs it (features/web-push does the
 * rest). The server removes a device with the session that registered it; the browser's own
 * subscription ends here, so the next person to sign in on it starts with push off.
 */
export const PUSH_OWNER_KEY = 'pushDeviceOwner';

/** Ends the subscription, if any, and answers its address (null when there was none). */
export async function endBrowserPushSubscription(): Promise<string | null> {
  localStorage.removeItem(PUSH_OWNER_KEY);
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
