import { Alert, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import type { FamilyInvoice } from '../../../../shared/contracts/billing-family';
import { cardLabel } from '../../../../shared/billing-family-text';
import { AppModal } from '../../../components/AppModal';
import { FormActions, FormFailure } from '../../../components/FormParts';
import { QueryError } from '../../../components/QueryError';
import { ApiError, errorMessage } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { usePaymentMethods, usePayWithSavedCard } from './api';
import { newAttemptKey } from './payPageApi';
import { formatDollars } from '../../../../shared/money';

type Props = { invoice: FamilyInvoice | null; onClose: () => void };

function PayForm({ invoice, onClose }: { invoice: FamilyInvoice; onClose: () => void }) {
  const methods = usePaymentMethods(invoice.student._id, true);
  const pay = usePayWithSavedCard();
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // One key an attempt: a second click sends the same one; an answer ends the attempt.
  const attemptKey = useRef<string | null>(null);
  const usable = methods.data?.cards.filter((c) => !c.expired) ?? [];
  const cardId = chosen ?? usable.find((c) => c.isDefault)?.cardId ?? usable[0]?.cardId ?? null;

  if (methods.isPending) return <Skeleton h={80} role="status" aria-busy="true" aria-label="Loading your cards" />;
  if (methods.isError) return <QueryError error={methods.error} onRetry={() => void methods.refetch()} title="Could not load your cards" />;
  if (usable.length === 0) {
    return <Alert color="gray" variant="light">You have no saved card that can pay. Add one under Saved cards, or use Pay.</Alert>;
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!cardId || pay.isPending) return;
    setFailure(null);
    attemptKey.current ??= newAttemptKey();
    try {
      const result = await pay.mutateAsync({ invoiceId: invoice._id, cardId, idempotencyKey: attemptKey.current });
      attemptKey.current = null;
      notifySuccess(result.message);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0) attemptKey.current = null;
      setFailure(errorMessage(error));
    }
  };

  return (
    <form onSubmit={submit} aria-label={`Pay ${invoice.invoiceNo} with a saved card`}>
      <Stack gap="md">
        <Text>
          {invoice.invoiceNo} for {invoice.student.first_name} {invoice.student.last_name}: {formatDollars(invoice.balance, invoice.currency)}
        </Text>
        <FormFailure message={failure} />
        <Radio.Group label="Card" value={cardId} onChange={setChosen}>
          <Stack gap="xs" mt="xs">
            {usable.map((c) => (
              <Radio key={c.cardId} value={c.cardId} label={`${cardLabel(c)}${c.isDefault ? ' (default)' : ''}`} />
            ))}
          </Stack>
        </Radio.Group>
        <FormActions onCancel={onClose} pending={pay.isPending} submitLabel={`Pay ${formatDollars(invoice.balance, invoice.currency)}`} />
      </Stack>
    </form>
  );
}

/** "Pay with saved card": one of the payer's own cards pays the invoice's balance. */
export function PaySavedCardModal({ invoice, onClose }: Props) {
  return (
    <AppModal opened={invoice !== null} onClose={onClose} title="Pay with saved card">
      {invoice && <PayForm invoice={invoice} onClose={onClose} />}
    </AppModal>
  );
}
