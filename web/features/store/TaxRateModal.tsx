import { Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { taxRateBody } from '../../../shared/contracts/store-orders';
import { AppModal } from '../../components/AppModal';
import { FormActions, FormFailure } from '../../components/FormParts';
import { ApiError, errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useSetTaxRate, useTaxRate } from './orderApi';

/**
 * The store's sales tax rate (docs/domains/store.md "Rules", decision 074): a percent with up to
 * two decimals. The server taxes the items marked "Sales tax applies" at this rate, in the cart,
 * at checkout and on the card.
 */
function TaxRateForm({ onClose }: { onClose: () => void }) {
  const rate = useTaxRate(true);
  const save = useSetTaxRate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (rate.data !== undefined) setValue(String(rate.data));
  }, [rate.data]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const checked = taxRateBody.safeParse({ taxRate: value.trim() === '' ? undefined : value.trim() });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    save.mutate(checked.data.taxRate, {
      onSuccess: (r) => { notifySuccess(r.message); onClose(); },
      onError: (err) => {
        if (err instanceof ApiError && err.errors.taxRate) setError(err.errors.taxRate);
        else setFailure(errorMessage(err));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Sales tax rate">
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save the tax rate" />
        <Text size="sm">Items marked “Sales tax applies” are taxed at this rate in the cart and at checkout. 0 charges no tax.</Text>
        <TextInput label="Tax rate (%)" inputMode="decimal" required data-autofocus value={value} error={error}
          disabled={rate.isPending} onChange={(e) => setValue(e.currentTarget.value)} />
        <FormActions onCancel={onClose} pending={save.isPending} submitLabel="Save tax rate" />
      </Stack>
    </form>
  );
}

export function TaxRateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Sales tax">
      {opened && <TaxRateForm onClose={onClose} />}
    </AppModal>
  );
}
