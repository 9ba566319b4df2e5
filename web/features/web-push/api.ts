import { WEB_PUSH_ROUTES, type PushSubscriptionJson } from '../../../shared/contracts/web-push';
import { callApi } from '../../lib/callApi';

/** The calls of /api/notification for this browser's push subscription. */
export async function vapidPublicKey(): Promise<string> {
  return (await callApi(WEB_PUSH_ROUTES.vapidPublicKey)).data.publicKey;
}

export function addPushDevice(userId: string, fcmToken: PushSubscriptionJson) {
  return callApi(WEB_PUSH_ROUTES.addFcmToken, { body: { userId, fcmToken } });
}

export function removePushDevice(userId: string, endpoint: string) {
  return callApi(WEB_PUSH_ROUTES.removeFcmToken, { body: { userId, endpoint } });
}
