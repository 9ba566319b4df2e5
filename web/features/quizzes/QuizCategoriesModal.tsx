import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { categoryBody } from '../../../shared/contracts/quizzes';
import { AppModal } from '../../components/AppModal';
import { DeleteAction } from '../../components/RowActions';
import { QueryError } from '../../components/QueryError';
import { ApiError, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAddCategory, useQuizCategories, useRemoveCategory } from './api';

/** The quiz categories: add one by name; only a category without quizzes can be deleted. */
export function QuizCategoriesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const categories = useQuizCategories();
  const add = useAddCategory();
  const remove = useRemoveCategory();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = categoryBody.safeParse({ name });
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    setError(null);
    add.mutate(checked.data.name, {
      onSuccess: (r) => { notifySuccess(r.message); setName(''); },
      onError: (err) => setError(err instanceof ApiError ? err.errors.name ?? err.message : errorMessage(err)),
    });
  };

  return (
    <AppModal opened={opened} onClose={onClose} title="Quiz categories">
      <Stack gap="md">
        <form noValidate onSubmit={submit} aria-label="Add quiz category">
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput label="Category Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} style={{ flex: 1 }} data-autofocus />
            <Button type="submit" loading={add.isPending}>Add</Button>
          </Group>
        </form>
        {categories.isError && <QueryError error={categories.error} onRetry={() => void categories.refetch()} title="Could not load the categories" />}
        {categories.data?.length === 0 && <Text size="sm" c="gray.7">No categories yet: add one before the first quiz.</Text>}
        {categories.data && categories.data.length > 0 && (
          <Table aria-label="Quiz categories">
            <Table.Thead><Table.Tr><Table.Th>Name</Table.Th><Table.Th>Quizzes</Table.Th><Table.Th>Published</Table.Th><Table.Th>Actions</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {categories.data.map((c) => (
                <Table.Tr key={c._id}>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td>{c.quizCount}</Table.Td>
                  <Table.Td>{c.publishedCount}</Table.Td>
                  <Table.Td>
                    <DeleteAction name={c.name} onClick={() => remove.mutate(c._id, { onSuccess: (r) => notifySuccess(r.message), onError: (err) => notifyError(errorMessage(err)) })} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </AppModal>
  );
}
