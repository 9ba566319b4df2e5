import { Alert, Button, CloseButton, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { LibraryFile } from '../../../shared/contracts/library';
import { LIBRARY_MESSAGES as M } from '../../../shared/contracts/library';
import { AppModal } from '../../components/AppModal';
import { PeopleMultiSelect } from '../../components/PeopleMultiSelect';
import { QueryError } from '../../components/QueryError';
import { ApiError, errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { searchPeople } from '../../components/peopleSearch';
import { useShareFile, useShares, useUnshareFile } from './api';

const searchStudents = (text: string) => searchPeople('student', text);
const searchGroups = (text: string) => searchPeople('class', text);

/** Share a file with students or classes/groups, and see or remove who has it. */
export function ShareModal({ file, onClose }: { file: LibraryFile | null; onClose: () => void }) {
  const [studentIds, setStudentIds] = useState<string[]>([]);
  const [classGroupIds, setClassGroupIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shares = useShares(file?._id ?? null);
  const share = useShareFile();
  const unshare = useUnshareFile();

  const close = () => {
    setStudentIds([]);
    setClassGroupIds([]);
    setErrors({});
    onClose();
  };

  const submit = async () => {
    if (!file) return;
    if (studentIds.length + classGroupIds.length === 0) return setErrors({ studentIds: M.shareTargetRequired });
    try {
      const res = await share.mutateAsync({ id: file._id, studentIds, classGroupIds });
      notifySuccess(res.message);
      setStudentIds([]);
      setClassGroupIds([]);
      setErrors({});
    } catch (e) {
      setErrors(e instanceof ApiError && Object.keys(e.errors).length > 0 ? e.errors : { _: errorMessage(e) });
    }
  };

  return (
    <AppModal opened={file !== null} onClose={close} title={`Share ${file?.name ?? ''}`} size="lg">
      <Stack gap="md">
        <PeopleMultiSelect label="Students" placeholder="Type a name" value={studentIds} onChange={setStudentIds}
          error={errors.studentIds} queryKey={['library', 'share', 'student']} search={searchStudents} />
        <PeopleMultiSelect label="Classes/Groups" placeholder="Type a class/group name" value={classGroupIds} onChange={setClassGroupIds}
          error={errors.classGroupIds} queryKey={['library', 'share', 'class']} search={searchGroups} />
        {errors._ && <Alert color="red" role="alert">{errors._}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>Close</Button>
          <Button onClick={() => void submit()} loading={share.isPending}>Share</Button>
        </Group>
        <Stack gap={6}>
          <Text fw={600} size="sm">Shared with</Text>
          {shares.isPending ? <Loader size="sm" aria-label="Loading shares" />
            : shares.isError ? <QueryError error={shares.error} onRetry={() => void shares.refetch()} title="Could not load who has this file" />
            : shares.data.length === 0 ? <Text size="sm" c="dimmed">Nobody yet.</Text>
            : shares.data.map((s) => {
              const who = s.student ? fullName(s.student) : `${s.classGroup?.name ?? ''} (class/group)`;
              return (
                <Group key={s._id} justify="space-between" wrap="nowrap">
                  <Text size="sm">{who}</Text>
                  <CloseButton aria-label={`Stop sharing with ${who}`} disabled={unshare.isPending}
                    onClick={() => file && unshare.mutate({ id: file._id, shareId: s._id }, { onSuccess: (r) => notifySuccess(r.message) })} />
                </Group>
              );
            })}
        </Stack>
      </Stack>
    </AppModal>
  );
}
