import { Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { bizCategoryForm, type BizCategory } from '../../../shared/contracts/my-biz';
import { AppModal } from '../../components/AppModal';
import { FormActions, FormFailure } from '../../components/FormParts';
import { ApiError, errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useAddCategory, useUpdateCategory } from './api';

type Errors = Partial<Record<'name' | 'description', string>>;

function CategoryForm({ category, onDone }: { category?: BizCategory; onDone: (saved?: BizCategory) => void }) {
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddCategory();
  const update = useUpdateCategory();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = bizCategoryForm.safeParse({ name, description });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as keyof Errors] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    const options = {
      onSuccess: (r: { message: string; data: BizCategory }) => { notifySuccess(r.message); onDone(r.data); },
      onError: (e: unknown) => {
        if (e instanceof ApiError && Object.keys(e.errors).length) setErrors(e.errors as Errors);
        else setFailure(errorMessage(e));
      },
    };
    if (category) update.mutate({ id: category._id, ...parsed.data }, options);
    else add.mutate(parsed.data, options);
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
