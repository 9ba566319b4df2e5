import { Anchor, Badge, Button, EmptyState, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconBooks, IconDownload, IconShare, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { FileKind, LibraryFile } from '../../../shared/contracts/library';
import { FILE_KIND_LABELS, FILE_KINDS, formatBytes } from '../../../shared/contracts/library';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ListFilters, SearchInput } from '../../components/ListFilters';
import { ListCard, ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { DeleteAction, EditAction, RowAction, RowActions } from '../../components/RowActions';
import { fullName } from '../../lib/format';
import { useConfirmedDelete } from '../../lib/useConfirmedDelete';
import { useListState, usePagedResults } from '../../lib/useListState';
import { useRequiredSession } from '../../lib/useSession';
import { LIBRARY_PAGE_SIZE, useDeleteFile, useLibraryList } from './api';
import { EditFileModal } from './EditFileModal';
import { PreviewModal } from './PreviewModal';
import { ShareModal } from './ShareModal';
import { UploadModal } from './UploadModal';

const KIND_OPTIONS = FILE_KINDS.map((k) => ({ value: k, label: FILE_KIND_LABELS[k] }));

/**
 * The Library (/learning/library, issue 13): a school's files ten a page, in folders. The office
 * and teachers upload, share and manage (a teacher their own uploads); a student sees what is
 * shared with them or their class/group; the superadmin keeps the provider's own library.
 */
export default function LibraryPage() {
  const { user } = useRequiredSession();
  const { reach, uploadsFiles: mayUpload, schoolOffice: staff } = user.permissions;
  const { page, setPage, search, setSearch, debouncedSearch, filterSetter } = useListState();
  const [folder, setFolder] = useState<string | null>(null);
  const [kind, setKind] = useState<FileKind | null>(null);
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState<LibraryFile | null>(null);
  const [sharing, setSharing] = useState<LibraryFile | null>(null);
  const [editing, setEditing] = useState<LibraryFile | null>(null);
  const remove = useDeleteFile();
  const { deleting, setDeleting, dialog } = useConfirmedDelete<LibraryFile>(remove);

  const list = useLibraryList({ page, search: debouncedSearch, folder, kind });
  const { results, totalPages } = usePagedResults(list.data, LIBRARY_PAGE_SIZE, page, setPage);
  const folders = list.data?.folders ?? [];
  const filtered = debouncedSearch !== '' || folder !== null || kind !== null;
  const managing = results.some((f) => f.canManage || f.canShare);

  const subtitle = reach === 'self' ? 'Files your teachers shared with you.'
    : reach === 'provider' ? 'The provider’s own library.'
    : reach === 'taught' ? 'Your uploads and the files the school shares with teachers.'
    : 'The school’s files: upload, preview, share with students or classes/groups.';

  return (
    <Stack gap="lg">
      <PageHeader
        title="Library"
        subtitle={subtitle}
        actions={mayUpload && <Button leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>Upload files</Button>}
      />
      <ListCard>
        <ListFilters filtered={filtered} onClear={() => { setSearch(''); setFolder(null); setKind(null); }}>
          <SearchInput label="Search" placeholder="File name" value={search} onChange={setSearch} w={{ base: '100%', sm: 260 }} />
          <Select label="Folder" placeholder="All folders" data={folders} value={folder} onChange={filterSetter(setFolder)} clearable w={{ base: '100%', sm: 200 }} />
          <Select label="Type" placeholder="All types" data={KIND_OPTIONS} value={kind} onChange={filterSetter((v: string | null) => setKind(v as FileKind | null))} clearable w={{ base: '100%', sm: 160 }} />
        </ListFilters>
        <ListTable
          query={list}
          rowCount={results.length}
          columns={['Name', 'Type', 'Size', 'Folder', reach === 'self' ? 'Added' : 'Uploaded by', 'Actions']}
          errorTitle="Could not load the library"
          empty={
            <EmptyState
              icon={<IconBooks size={28} />}
              title={filtered ? 'No files match your search' : reach === 'self' ? 'Nothing shared with you yet' : 'No files yet'}
              description={filtered ? 'Try another name, folder or type, or clear the filters.'
                : reach === 'self' ? 'When a teacher shares a file with you or your class, it shows here.'
                : 'Upload sheet music, recordings or handouts to get started.'}
            />
          }
          minWidth={760}
          label="Library files"
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((f) => (
            <Table.Tr key={f._id}>
              <Table.Td>
                <UnstyledButton onClick={() => setPreviewing(f)} aria-label={`Open ${f.name}`}>
                  <Text fw={500} size="sm" c="blue.8">{f.name}</Text>
                </UnstyledButton>
                {f.sharedWithTeachers && reach !== 'self' && <Badge ml="xs" size="xs" variant="light">Teachers</Badge>}
              </Table.Td>
              <Table.Td><Text size="sm">{FILE_KIND_LABELS[f.kind]}</Text></Table.Td>
              <Table.Td><Text size="sm">{formatBytes(f.size)}</Text></Table.Td>
              <Table.Td><Text size="sm" c={f.folder ? undefined : 'dimmed'}>{f.folder || '—'}</Text></Table.Td>
              <Table.Td>
                <Text size="sm">{reach === 'self' || !f.owner ? new Date(f.createdAt).toLocaleDateString() : fullName(f.owner)}</Text>
                {managing && f.shareCount > 0 && <Text size="xs" c="dimmed">Shared {f.shareCount === 1 ? 'once' : `${f.shareCount} times`}</Text>}
              </Table.Td>
              <Table.Td>
                <RowActions>
                  <Anchor href={f.downloadUrl} download={f.name} aria-label={`Download ${f.name}`} c="inherit" display="inline-flex" p={4}>
                    <IconDownload size={18} />
                  </Anchor>
                  {f.canShare && <RowAction label="Share" ariaLabel={`Share ${f.name}`} icon={<IconShare size={18} />} onClick={() => setSharing(f)} />}
                  {f.canManage && <EditAction name={f.name} onClick={() => setEditing(f)} />}
                  {f.canManage && <DeleteAction name={f.name} onClick={() => setDeleting(f)} />}
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>
      {mayUpload && <UploadModal opened={uploading} onClose={() => setUploading(false)} folders={folders} />}
      <PreviewModal file={previewing} onClose={() => setPreviewing(null)} />
      <ShareModal file={sharing} onClose={() => setSharing(null)} />
      <EditFileModal file={editing} onClose={() => setEditing(null)} mayMarkForTeachers={staff} />
      <ConfirmModal {...dialog} title="Delete file">
        {deleting ? `Delete ${deleting.name}? ${deleting.shareCount > 0 ? 'The students it is shared with lose it too. ' : ''}This cannot be undone.` : ''}
      </ConfirmModal>
    </Stack>
  );
}
