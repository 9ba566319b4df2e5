import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../lib/api';
import { notifyError, notifySuccess } from '../lib/notify';
import { AppModal } from './AppModal';
import { QueryError } from './QueryError';
import { ResponsiveTable } from './ResponsiveTable';
import { DeleteAction } from './RowActions';

type Category = { _id: string; name: string };
type Answered = { message: string };

type Props<C extends Category> = {
  opened: boolean;
  onClose: () => void;
  /** The dialog's title, and the name of its table ("Categories", "Quiz categories"). */
  title: string;
  /** The add form's accessible name. */
  formLabel: string;
  emptyText: string;
  /** The domain's own rule for a category's name (its contract's categoryBody): the server checks the same. */
  schema: z.ZodType<{ name: string }>;
  categories: UseQueryResult<C[]>;
  add: UseMutationResult<Answered, unknown, string>;
  remove: UseMutationResult<Answered, unknown, string>;
  /** The columns between the name and the actions (counts of what each category holds). */
  columns: readonly { header: string; cell: (category: C) => ReactNode }[];
};

/** A domain's categories by name: add one, list them with what each holds, delete one. */
export function NamedCategoriesModal<C extends Category>({ opened, onClose, title, formLabel, emptyText, schema, categories, add, remove, columns }: Props<C>) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = schema.safeParse({ name });
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    setError(null);
    add.mutate(checked.data.name, {
      onSuccess: (r) => { notifySuccess(r.message); setName(''); },
      onError: (err) => setError(err instanceof ApiError ? err.errors.name ?? err.message : errorMessage(err)),
    });
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      <Stack gap="md">
        <form noValidate onSubmit={submit} aria-label={formLabel}>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput label="Category Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} style={{ flex: 1 }} data-autofocus />
            <Button type="submit" loading={add.isPending}>Add</Button>
          </Group>
        </form>
        {categories.isError && <QueryError error={categories.error} onRetry={() => void categories.refetch()} title="Could not load the categories" />}
        {categories.data?.length === 0 && <Text size="sm" c="gray.7">{emptyText}</Text>}
        {categories.data && categories.data.length > 0 && (
          <ResponsiveTable columns={['Name', ...columns.map((c) => c.header), 'Actions']} label={title} minWidth={360}>
            {categories.data.map((category) => (
              <Table.Tr key={category._id}>
                <Table.Td>{category.name}</Table.Td>
                {columns.map((c) => <Table.Td key={c.header}>{c.cell(category)}</Table.Td>)}
                <Table.Td>
                  <DeleteAction name={category.name} onClick={() => remove.mutate(category._id, { onSuccess: (r) => notifySuccess(r.message), onError: (err) => notifyError(errorMessage(err)) })} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ResponsiveTable>
        )}
      </Stack>
    </AppModal>
  );
}
