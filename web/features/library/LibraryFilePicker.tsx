import { MultiSelect, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FileKind, FileRef } from '../../../shared/contracts/library';
import { FILE_KIND_LABELS, LIBRARY_ROUTES as R } from '../../../shared/contracts/library';
import { PAGE_SIZE } from '../../../shared/constants';
import { callApi } from '../../lib/callApi';

/**
 * The files of the Library the signed-in person may attach (the list the server shows them: a
 * teacher their own and those marked for teachers), newest first, up to a documents page.
 */
function usePickableFiles(kind: FileKind | undefined) {
  return useQuery({
    queryKey: ['library', 'pick', kind ?? 'all'],
    queryFn: async () => (await callApi(R.list, { body: { page: 1, limit: PAGE_SIZE.documents, kind, sortBy: 'createdAt', orderBy: -1 } })).data.results,
  });
}

/** Options of the Library's files, plus those already chosen (a cover uploaded for the course is not listed). */
function filesOf(files: FileRef[] | undefined, known: FileRef[]): Map<string, FileRef> {
  const all = new Map<string, FileRef>();
  for (const f of [...known, ...(files ?? [])]) all.set(f._id, f);
  return all;
}
const optionsOf = (all: Map<string, FileRef>, showKind: boolean) =>
  [...all.values()].map((f) => ({ value: f._id, label: showKind ? `${f.name} (${FILE_KIND_LABELS[f.kind]})` : f.name }));

type Common = { label: string; error?: string; known: FileRef[]; description?: string };

/** Several files of the Library, kept in the order they are picked. */
export function LibraryFilesPicker({ label, error, known, description, value, onChange, max }: Common & { value: string[]; onChange: (ids: string[]) => void; max: number }) {
  const files = usePickableFiles(undefined);
  return (
    <MultiSelect
      label={label}
      description={description}
      searchable
      clearable
      maxValues={max}
      nothingFoundMessage={files.isPending ? 'Loading…' : 'No file of your library matches'}
      placeholder={value.length === 0 ? (files.isPending ? 'Loading…' : 'Choose files of your library') : undefined}
      data={optionsOf(filesOf(files.data, known), true)}
      value={value}
      onChange={onChange}
      error={error ?? (files.isError ? 'Could not load your library' : undefined)}
    />
  );
}

/** One file of the Library of a kind (a cover: an image). */
export function LibraryFilePicker({ label, error, known, description, value, onChange, kind }: Common & { value: string | null; onChange: (file: FileRef | null) => void; kind: FileKind }) {
  const files = usePickableFiles(kind);
  const all = filesOf(files.data, known);
  return (
    <Select
      label={label}
      description={description}
      searchable
      clearable
      nothingFoundMessage={files.isPending ? 'Loading…' : 'No file of your library matches'}
      placeholder={files.isPending ? 'Loading…' : 'Choose from your library'}
      data={optionsOf(all, false)}
      value={value}
      onChange={(id) => onChange(id === null ? null : all.get(id) ?? null)}
      error={error ?? (files.isError ? 'Could not load your library' : undefined)}
    />
  );
}
