import { Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { bizCategoryForm, type BizCategory } from '../../../shared/contracts/my-biz';
import { AppModal } from '../../components/AppModal';
import { FormActions, FormFailure } from '../../components/FormParts';
import { notifySuccess } from '../../lib/notify';
import { useFormMessages } from '../../lib/useFormMessages';
import { useAddCategory, useUpdateCategory } from './api';

type Errors = Partial<Record<'name' | 'description', string>>;

function CategoryForm({ category, onDone }: { category?: BizCategory; onDone: (saved?: BizCategory) => void }) {
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const { errors, failure, check, refused } = useFormMessages<keyof Errors>();
  const add = useAddCategory();
  const update = useUpdateCategory();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = check(bizCategoryForm, { name, description });
    if (!checked) return;
    const options = {
      onSuccess: (r: { message: string; data: BizCategory }) => { notifySuccess(r.message); onDone(r.data); },
      onError: refused,
    };
    if (category) update.mutate({ id: category._id, ...checked }, options);
    else add.mutate(checked, options);
  };

  return (
    <form noValidate onSubmit={submit} aria-label={category ? 'Edit category' : 'Add category'}>
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        <TextInput label="Category Name" required data-autofocus value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
        <Textarea label="Description" autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={errors.description} />
        <FormActions onCancel={() => onDone()} pending={add.isPending || update.isPending} submitLabel={category ? 'Save category' : 'Add category'} />
      </Stack>
    </form>
  );
}

export type CategoryEditing = { mode: 'add' } | { mode: 'edit'; category: BizCategory } | null;

export function CategoryFormModal({ editing, onClose }: { editing: CategoryEditing; onClose: (saved?: BizCategory) => void }) {
  return (
    <AppModal opened={editing !== null} onClose={() => onClose()} title={editing?.mode === 'edit' ? 'Edit category' : 'Add category'}>
      {editing && <CategoryForm category={editing.mode === 'edit' ? editing.category : undefined} onDone={onClose} />}
    </AppModal>
  );
}
