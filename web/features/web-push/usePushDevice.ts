import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushSubscriptionJson } from '../../../shared/contracts/web-push';
import { addPushDevice, removePushDevice, vapidPublicKey } from './api';
import { currentSubscription, pushRegistration, pushSupport, subscribeThisBrowser, unsubscribeThisBrowser, type PushSupport } from './browserPush';

export type PushDeviceState = { support: PushSupport; on: boolean };

const keyOf = (userId: string) => ['webPush', 'device', userId] as const;
const asJson = (subscription: PushSubscription) => subscription.toJSON() as PushSubscriptionJson;

/**
 * Whether push is on in this browser for this person. When it is, the subscription is sent again:
 * the server's copy lives with the session that registered it, and this may be a newer session.
 */
export function usePushDevice(userId: string) {
  return useQuery({
    queryKey: keyOf(userId),
    queryFn: async (): Promise<PushDeviceState> => {
      const support = pushSupport();
      if (support === 'unsupported') return { support, on: false };
      // The worker is registered before push is turned on, so turning it on waits on nothing but the browser.
      await pushRegistration();
      if (support !== 'granted') return { support, on: false };
      const subscription = await currentSubscription(userId);
      if (subscription) await addPushDevice(userId, asJson(subscription));
      return { support, on: Boolean(subscription) };
    },
    retry: false,
  });
}

export function useSetPushDevice(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean): Promise<PushDeviceState> => {
      if (!on) {
        const endpoint = await unsubscribeThisBrowser();
        if (endpoint) await removePushDevice(userId, endpoint);
        return { support: pushSupport(), on: false };
      }
      const subscription = await subscribeThisBrowser(await vapidPublicKey(), userId);
      try {
        await addPushDevice(userId, asJson(subscription));
      } catch (error) {
        // The server did not take it: the browser must not keep a subscription nobody sends to.
        await unsubscribeThisBrowser();
        throw error;
      }
      return { support: 'granted', on: true };
    },
    onSuccess: (state) => queryClient.setQueryData(keyOf(userId), state),
    onError: () => void queryClient.invalidateQueries({ queryKey: keyOf(userId) }),
  });
}
