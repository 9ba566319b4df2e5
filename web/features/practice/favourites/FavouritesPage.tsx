import { ActionIcon, Anchor, Button, Card, EmptyState, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconHeart, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { PAGE_SIZE } from '../../../../shared/constants';
import { FAVOURITE_ROUTES, favouriteSongForm, type FavouriteSong, type FavouriteSongInput } from '../../../../shared/contracts/favourites';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { FormFailure } from '../../../components/FormParts';
import { ListCard, ListTable } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { callApi } from '../../../lib/callApi';
import { applyFieldErrors } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePagedResults } from '../../../lib/useListState';

const KEY = ['favourites'] as const;
type Values = { title: string; artist: string; link: string };

function useFavouriteMutation<V>(send: (v: V) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

function AddSongForm() {
  const add = useFavouriteMutation((v: FavouriteSongInput) => callApi(FAVOURITE_ROUTES.add, { body: v }));
  const [failure, setFailure] = useState<string | null>(null);
  const [resolver] = useState(() => zodResolver(favouriteSongForm, undefined, { raw: true }) as unknown as Resolver<Values>);
  const form = useForm<Values>({ resolver, defaultValues: { title: '', artist: '', link: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const r = await add.mutateAsync(values);
      notifySuccess(r.message);
      form.reset();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['title', 'artist', 'link'])) setFailure(errorMessage(error));
    }
  });
  return (
    <Card withBorder radius="md">
      <form noValidate onSubmit={submit} aria-label="Add a favourite song">
        <Stack gap="sm">
          <FormFailure message={failure} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Song Title" required error={errors.title?.message} {...form.register('title')} />
            <TextInput label="Artist" error={errors.artist?.message} {...form.register('artist')} />
            <TextInput label="Link" placeholder="https://" type="url" error={errors.link?.message} {...form.register('link')} />
          </SimpleGrid>
          <Group justify="flex-end"><Button type="submit" loading={isSubmitting}>Add song</Button></Group>
        </Stack>
      </form>
    </Card>
  );
}

/** /favourite (students): the songs they love, with a link to listen; 20 a page (docs/domains/learning.md "Limits"). */
export default function FavouritesPage() {
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<FavouriteSong | null>(null);
  const list = useQuery({
    queryKey: [...KEY, page],
    queryFn: async () => (await callApi(FAVOURITE_ROUTES.list, { body: { page, limit: PAGE_SIZE.songs } })).data,
    placeholderData: keepPreviousData,
  });
  const remove = useFavouriteMutation((songId: string) => callApi(FAVOURITE_ROUTES.remove, { body: { songId } }));
  const { results, totalPages } = usePagedResults(list.data, PAGE_SIZE.songs, page, setPage);
  const confirmRemove = () => removing && remove.mutate(removing._id, {
    onSuccess: (r) => { notifySuccess(r.message); setRemoving(null); },
    onError: (e) => notifyError(errorMessage(e)),
  });

  return (
    <Stack gap="lg">
      <PageHeader title="Favourite Songs" subtitle="Songs you love and want to play one day." />
      <AddSongForm />
      <ListCard>
        <ListTable
          query={list}
          rowCount={results.length}
          columns={['Song', 'Artist', 'Link', 'Actions']}
          errorTitle="Could not load your songs"
          empty={<EmptyState icon={<IconHeart size={28} />} title="No favourite songs yet" description="Add a song above to keep it here." />}
          minWidth={560}
          label="Favourite songs"
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((song) => (
            <Table.Tr key={song._id}>
              <Table.Td><Text size="sm" fw={500}>{song.title}</Text></Table.Td>
              <Table.Td><Text size="sm">{song.artist || '—'}</Text></Table.Td>
              <Table.Td>
                {song.link ? <Anchor href={song.link} target="_blank" rel="noopener noreferrer nofollow" size="sm">Listen</Anchor> : <Text size="sm" c="dimmed">—</Text>}
              </Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red" aria-label={`Remove ${song.title}`} onClick={() => setRemoving(song)}><IconTrash size={16} /></ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>
      <ConfirmModal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove song" onConfirm={confirmRemove} loading={remove.isPending} confirmLabel="Remove">
        {removing ? `Remove ${removing.title} from your favourites?` : ''}
      </ConfirmModal>
    </Stack>
  );
}
