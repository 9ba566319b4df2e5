import { Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { adjustStockBody, type StoreItem } from '../../../shared/contracts/store';
import { AppModal } from '../../components/AppModal';
import { FormActions, FormFailure } from '../../components/FormParts';
import { ApiError, errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useAdjustStock } from './api';

type Errors = Partial<Record<'change' | 'reason', string>>;

/** Inventory's "Adjust stock": a positive or negative change with a reason; never below zero. */
function AdjustForm({ item, onDone }: { item: StoreItem; onDone: () => void }) {
  const [change, setChange] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const adjust = useAdjustStock();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const checked = adjustStockBody.safeParse({ productId: item._id, change, reason });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])) as Errors);
      return;
    }
    setErrors({});
    adjust.mutate(checked.data, {
      onSuccess: (r) => { notifySuccess(r.message); onDone(); },
      onError: (err) => {
        if (err instanceof ApiError && (err.errors.change || err.errors.reason)) setErrors({ change: err.errors.change, reason: err.errors.reason });
        else setFailure(errorMessage(err));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Adjust stock">
      <Stack gap="md">
        <FormFailure message={failure} title="Could not adjust" />
        <Text size="sm">{item.item_name}: <strong>{item.quantity}</strong> in stock.</Text>
        <TextInput label="Change" required inputMode="numeric" description="Add with a number (12), take away with a minus (-2)."
          value={change} onChange={(e) => setChange(e.currentTarget.value)} error={errors.change} data-autofocus />
        <TextInput label="Reason" required placeholder="Delivery received, damaged, counted…" value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} />
        <FormActions onCancel={onDone} pending={adjust.isPending} submitLabel="Save adjustment" />
      </Stack>
    </form>
  );
}

export function AdjustStockModal({ item, onClose }: { item: StoreItem | null; onClose: () => void }) {
  return (
    <AppModal opened={item !== null} onClose={onClose} title="Adjust stock">
      {item && <AdjustForm item={item} onDone={onClose} />}
    </AppModal>
  );
}
