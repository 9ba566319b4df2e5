import type { PushSubscriptionJson, VapidPublicKeyAnswer } from '../../../shared/contracts/web-push';
import { api } from '../../lib/api';

/** The calls of /api/notification for this browser's push subscription. */
export async function vapidPublicKey(): Promise<string> {
  return (await api.get<VapidPublicKeyAnswer>('/notification/getVapidPublicKey')).data.publicKey;
}

export function addPushDevice(userId: string, fcmToken: PushSubscriptionJson) {
  return api.post<null>('/notification/addFcmToken', { userId, fcmToken });
}

export function removePushDevice(userId: string, endpoint: string) {
  return api.post<null>('/notification/removeFcmToken', { userId, endpoint });
}
