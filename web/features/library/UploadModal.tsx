import { Alert, Button, FileInput, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ACCEPTED_FILE_TYPES, FOLDER_MAX, LIBRARY_MAX_FILE_BYTES, LIBRARY_MAX_FILES, LIBRARY_MESSAGES as M, formatBytes,
} from '../../../shared/contracts/library';
import { AppModal } from '../../components/AppModal';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { invalidateLibrary, uploadFile } from './api';

type Row = { file: File; percent: number; state: 'waiting' | 'uploading' | 'done' | 'failed'; error?: string };

/** A first check in the browser; the server decides again, from the bytes. */
const tooLarge = (f: File) => f.size > LIBRARY_MAX_FILE_BYTES;

/** Upload several files at once, each with its own progress bar and its own outcome. */
export function UploadModal({ opened, onClose, folders }: { opened: boolean; onClose: () => void; folders: string[] }) {
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [folder, setFolder] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState<string | null>(null);
  const busy = rows.some((r) => r.state === 'uploading' || r.state === 'waiting');

  const close = () => {
    if (busy) return;
    setFiles([]);
    setRows([]);
    setError(null);
    onClose();
  };

  const start = async () => {
    if (files.length === 0) return setError(M.fileRequired);
    if (files.length > LIBRARY_MAX_FILES) return setError(M.tooMany);
    if (folder.length > FOLDER_MAX) return setError(M.folderMax);
    setError(null);
    const initial: Row[] = files.map((file) => (tooLarge(file) ? { file, percent: 0, state: 'failed', error: M.tooLarge } : { file, percent: 0, state: 'waiting' }));
    setRows(initial);
    const update = (i: number, patch: Partial<Row>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    const outcomes = await Promise.all(initial.map(async (row, i) => {
      if (row.state === 'failed') return false;
      update(i, { state: 'uploading' });
      try {
        await uploadFile(row.file, folder.trim(), (percent) => update(i, { percent }));
        update(i, { state: 'done', percent: 100 });
        return true;
      } catch (e) {
        update(i, { state: 'failed', error: errorMessage(e) });
        return false;
      }
    }));
    await invalidateLibrary(queryClient);
    const done = outcomes.filter(Boolean).length;
    if (done > 0) notifySuccess(done === 1 ? M.uploaded : M.uploadedMany);
    if (done === files.length) {
      setFiles([]);
      setRows([]);
      onClose();
    }
  };

  return (
    <AppModal opened={opened} onClose={close} title="Upload files" size="lg">
      <Stack gap="md">
        <FileInput
          label="Files"
          description={`Up to ${LIBRARY_MAX_FILES} files of ${formatBytes(LIBRARY_MAX_FILE_BYTES)} each: PDF, images, audio, video or plain text.`}
          multiple
          clearable
          accept={ACCEPTED_FILE_TYPES}
          value={files}
          onChange={(v) => {
            setFiles(v);
            setRows([]);
          }}
          disabled={busy}
        />
        <TextInput
          label="Folder"
          description="Optional: files in one folder are found together."
          placeholder={folders[0] ?? 'e.g. Piano'}
          value={folder}
          maxLength={FOLDER_MAX}
          onChange={(e) => setFolder(e.currentTarget.value)}
          disabled={busy}
          list="library-folders"
        />
        <datalist id="library-folders">{folders.map((f) => <option key={f} value={f} />)}</datalist>
        {error && <Alert color="red" role="alert">{error}</Alert>}
        {rows.length > 0 && (
          <Stack gap="xs" aria-live="polite">
            {rows.map((r, i) => (
              <Stack key={`${r.file.name}-${i}`} gap={4}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" truncate>{r.file.name}</Text>
                  <Text size="xs" c={r.state === 'failed' ? 'red' : 'dimmed'}>
                    {r.state === 'done' ? 'Uploaded' : r.state === 'failed' ? 'Failed' : `${r.percent}%`}
                  </Text>
                </Group>
                <Progress value={r.state === 'failed' ? 100 : r.percent} color={r.state === 'failed' ? 'red' : r.state === 'done' ? 'teal' : undefined}
                  aria-label={`Upload of ${r.file.name}`} />
                {r.error && <Text size="xs" c="red">{r.error}</Text>}
              </Stack>
            ))}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>Cancel</Button>
          <Button leftSection={<IconUpload size={16} />} onClick={() => void start()} loading={busy}>Upload</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
