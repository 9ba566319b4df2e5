import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { sellerBody, type Seller, type SellerFormValues } from '../../../shared/contracts/store';
import { AppModal } from '../../components/AppModal';
import { FormActions, FormFailure } from '../../components/FormParts';
import { notifySuccess } from '../../lib/notify';
import { useFormMessages } from '../../lib/useFormMessages';
import { useAddSeller, useUpdateSeller } from './api';

const FIELDS = [
  ['first_name', 'First Name'], ['last_name', 'Last Name'], ['address', 'Address'], ['state', 'State'], ['postal_code', 'Postal Code'], ['cell_phone', 'Cell Phone'],
] as const;
type Field = (typeof FIELDS)[number][0];

function SellerForm({ seller, onDone }: { seller?: Seller; onDone: () => void }) {
  const [values, setValues] = useState<SellerFormValues>({
    first_name: seller?.first_name ?? '', last_name: seller?.last_name ?? '', address: seller?.address ?? '', state: seller?.state ?? '',
    postal_code: seller?.postal_code ?? '', cell_phone: seller?.cell_phone ?? '',
  });
  const { errors, failure, check, refused } = useFormMessages<Field>();
  const add = useAddSeller();
  const update = useUpdateSeller();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = check(sellerBody, values);
    if (!checked) return;
    const options = {
      onSuccess: (r: { message: string }) => { notifySuccess(r.message); onDone(); },
      onError: refused,
    };
    if (seller) update.mutate({ ...checked, id: seller._id }, options);
    else add.mutate(checked, options);
  };

  return (
    <form noValidate onSubmit={submit} aria-label={seller ? 'Edit seller' : 'Add seller'}>
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map(([name, label], i) => (
            <TextInput key={name} label={label} required value={values[name]} error={errors[name]} data-autofocus={i === 0 || undefined}
              inputMode={name === 'cell_phone' ? 'tel' : name === 'postal_code' ? 'numeric' : undefined}
              onChange={(e) => { const v = e.currentTarget.value; setValues((all) => ({ ...all, [name]: v })); }} />
          ))}
        </SimpleGrid>
        <FormActions onCancel={onDone} pending={add.isPending || update.isPending} submitLabel={seller ? 'Save seller' : 'Add seller'} />
      </Stack>
    </form>
  );
}

export type SellerEditing = { mode: 'add' } | { mode: 'edit'; seller: Seller } | null;

export function SellerFormModal({ editing, onClose }: { editing: SellerEditing; onClose: () => void }) {
  return (
    <AppModal opened={editing !== null} onClose={onClose} title={editing?.mode === 'edit' ? 'Edit seller' : 'Add seller'} size="lg">
      {editing && <SellerForm seller={editing.mode === 'edit' ? editing.seller : undefined} onDone={onClose} />}
    </AppModal>
  );
}
