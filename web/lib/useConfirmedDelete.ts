import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from './api';
import { notifyError, notifySuccess } from './notify';

/**
 * A list's delete behind a ConfirmModal: the row asks (setDeleting), the dialog confirms; the
 * dialog closes once the server has deleted, and stays open when it refused (the reason is notified).
 */
export function useConfirmedDelete<T extends { _id: string }>(remove: UseMutationResult<{ message: string }, unknown, string>) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const onConfirm = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: (r) => {
        notifySuccess(r.message);
        setDeleting(null);
      },
      onError: (e) => notifyError(errorMessage(e)),
    });
  };
  /** The ConfirmModal's opened, onClose, onConfirm and loading. */
  const dialog = { opened: deleting !== null, onClose: () => setDeleting(null), onConfirm, loading: remove.isPending };
  return { deleting, setDeleting, dialog };
}
