/**
 * Toasts for the whole client. @mantine/notifications is fetched with the first toast (and the
 * container mounts then), so pages that never toast, like the first paint of /login, carry none
 * of it.
 */
import { useSyncExternalStore } from 'react';

type Toast = { message: string; title?: string; id?: string };

let requested = false;
const listeners = new Set<() => void>();

function show(color: 'green' | 'red', { message, title, id }: Toast): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ id, color, message, title, closeButtonProps: { 'aria-label': 'Close notification' } }),
  );
}

export function notifySuccess(message: string, title?: string): void {
  show('green', { message, title });
}

export function notifyError(message: string, title?: string): void {
  show('red', { message, title });
}

/** A success toast under `id`, which `dismissToast(id)` takes back when the page comes to show the same news itself. */
export function notifySuccessAs(id: string, message: string): void {
  show('green', { message, id });
}

/** Takes back the toast shown under `id`, if it is still up. */
export function dismissToast(id: string): void {
  if (!requested) return;
  void import('@mantine/notifications').then(({ notifications }) => notifications.hide(id));
}

/** Whether any toast was asked for yet: the container mounts from then on. */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
  );
}
