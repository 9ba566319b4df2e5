import { lazy, Suspense } from 'react';
import { useToastsRequested } from '../lib/notify';

const Notifications = lazy(() => import('./Toasts'));

/** Mounts the toast container with the first toast (see lib/notify.ts). */
export function NotificationsHost() {
  const requested = useToastsRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
