import { Checkbox, Stack } from '@mantine/core';
import { useState } from 'react';
import type { AddCardBody } from '../../../../shared/contracts/billing-family';
import { AppModal } from '../../../components/AppModal';
import { FormActions, FormFailure } from '../../../components/FormParts';
import { errorMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useLightForm } from '../../../lib/useLightForm';
import { useAddCard } from './api';
import { CARD_FIELDS, CardDetailsFields, EMPTY_CARD, type CardValues } from './CardDetailsFields';
import { cardValidation } from './lazyCardValidation';

type Props = { opened: boolean; onClose: () => void; hasCards: boolean };

/** "Add card": the pay page's card form (docs/domains/billing.md "Rules"); the gateway checks the card and keeps it. */
function AddCardForm({ onClose, hasCards }: Omit<Props, 'opened'>) {
  const add = useAddCard();
  const [failure, setFailure] = useState<string | null>(null);
  const [makeDefault, setMakeDefault] = useState(!hasCards);
  const form = useLightForm<CardValues, AddCardBody>({
    initialValues: EMPTY_CARD,
    validate: async (values) => {
      const result = await cardValidation.validate(values as never);
      return result.ok ? { ok: true, data: result.data } : result;
    },
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await add.mutateAsync({ ...values, isDefault: makeDefault });
      notifySuccess(result.message);
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, CARD_FIELDS)) setFailure(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={submit} onFocus={cardValidation.preload} aria-label="Add card">
      <Stack gap="lg">
        <FormFailure message={failure} />
        <CardDetailsFields form={form} idPrefix="add-card" />
        <Checkbox
          label="Make this my default card (autopay charges it)"
          checked={makeDefault || !hasCards}
          disabled={!hasCards}
          onChange={(e) => setMakeDefault(e.currentTarget.checked)}
        />
        <FormActions onCancel={onClose} pending={form.submitting} submitLabel="Save card" />
      </Stack>
    </form>
  );
}

export function AddCardModal({ opened, onClose, hasCards }: Props) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Add card" size="lg">
      {opened && <AddCardForm onClose={onClose} hasCards={hasCards} />}
    </AppModal>
  );
}
