import { Alert, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { NAME_MAX } from '../../../shared/constants';
import type { LibraryFile } from '../../../shared/contracts/library';
import { FOLDER_MAX, updateFileBody } from '../../../shared/contracts/library';
import { AppModal } from '../../components/AppModal';
import { ApiError, errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useUpdateFile } from './api';

/** Rename a file, move it to a folder, and (office) show it to the school's teachers. */
export function EditFileModal({ file, onClose, mayMarkForTeachers }: { file: LibraryFile | null; onClose: () => void; mayMarkForTeachers: boolean }) {
  const [name, setName] = useState('');
  const [folder, setFolder] = useState('');
  const [forTeachers, setForTeachers] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateFile();
  useEffect(() => {
    if (!file) return;
    setName(file.name);
    setFolder(file.folder);
    setForTeachers(file.sharedWithTeachers);
    setErrors({});
  }, [file]);

  const submit = async () => {
    if (!file) return;
    const values = { id: file._id, name, folder, sharedWithTeachers: forTeachers };
    // The same schema as the server's: the same messages, before a round trip.
    const parsed = updateFileBody.safeParse(values);
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    try {
      notifySuccess((await update.mutateAsync(values)).message);
      onClose();
    } catch (e) {
      setErrors(e instanceof ApiError && Object.keys(e.errors).length > 0 ? e.errors : { _: errorMessage(e) });
    }
  };

  return (
    <AppModal opened={file !== null} onClose={onClose} title="Edit file">
      <Stack gap="md">
        <TextInput label="File name" required value={name} maxLength={NAME_MAX} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
        <TextInput label="Folder" value={folder} maxLength={FOLDER_MAX} onChange={(e) => setFolder(e.currentTarget.value)} error={errors.folder} />
        {mayMarkForTeachers && (
          <Checkbox label="Teachers of the school may see and share it" checked={forTeachers} onChange={(e) => setForTeachers(e.currentTarget.checked)} />
        )}
        {errors._ && <Alert color="red" role="alert">{errors._}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => void submit()} loading={update.isPending}>Save</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
