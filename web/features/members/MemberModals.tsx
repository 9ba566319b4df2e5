import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import {
  KIND_LABELS,
  MEMBER_MESSAGES,
  type InstrumentInput,
  type MemberListItem,
  type PersonKindPath,
} from '../../../shared/contracts/members';
import { AppModal } from '../../components/AppModal';
import { ConfirmModal } from '../../components/ConfirmModal';
import { QueryContent } from '../../components/QueryContent';
import { ApiError, errorMessage } from '../../lib/api';
import { editingTitle, type Editing as EditingOf } from '../../lib/editing';
import { fullName } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDeleteMember, useGenres, useMemberDetails, useUpdateInstruments } from './api';
import { InstrumentsEditor } from './InstrumentsEditor';
import { MemberForm } from './MemberForm';

/** The editor's state: closed, adding one, or editing one by id. */
export type Editing = EditingOf;

function EditLoader({ kind, id, onDone }: { kind: PersonKindPath; id: string; onDone: () => void }) {
  return (
    <QueryContent query={useMemberDetails(kind, id)} loadingLabel="Loading" errorTitle={`Could not load this ${KIND_LABELS[kind].one.toLowerCase()}`}>
      {(member) => <MemberForm kind={kind} mode="edit" member={member} onDone={onDone} onCancel={onDone} />}
    </QueryContent>
  );
}

export function MemberFormModal({ kind, editing, onClose }: { kind: PersonKindPath; editing: Editing; onClose: () => void }) {
  const noun = KIND_LABELS[kind].one;
  return (
    <AppModal opened={editing !== null} onClose={onClose} title={editingTitle(editing, noun)} size="lg">
      {editing?.mode === 'add' && <MemberForm kind={kind} mode="add" onDone={onClose} onCancel={onClose} />}
      {editing?.mode === 'edit' && <EditLoader kind={kind} id={editing.id} onDone={onClose} />}
    </AppModal>
  );
}

type Deletable = Pick<MemberListItem, '_id' | 'first_name' | 'last_name'>;

/** Asks first; a person with history is refused by the server (409) and the modal says why. */
export function DeleteMemberModal({
  kind,
  member,
  onClose,
  onDeleted,
}: {
  kind: PersonKindPath;
  member: Deletable | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteMember(kind);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!member) return;
    setRefusal(null);
    remove.mutate(member._id, {
      onSuccess: (result) => {
        notifySuccess(result.message || MEMBER_MESSAGES.deleted(kind));
        close();
        onDeleted?.();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) setRefusal(error.message || MEMBER_MESSAGES.hasHistory);
        else notifyError(errorMessage(error));
      },
    });
  };
  const noun = KIND_LABELS[kind].one.toLowerCase();
  return (
    <ConfirmModal
      opened={member !== null}
      onClose={close}
      title={`Delete ${noun}`}
      onConfirm={refusal ? undefined : confirm}
      loading={remove.isPending}
      cancelLabel={refusal ? 'Close' : 'Cancel'}
    >
      {refusal ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Cannot delete">
          {refusal}
        </Alert>
      ) : (
        `Delete ${member ? fullName(member) : ''}? They will no longer be able to sign in, and this cannot be undone.`
      )}
    </ConfirmModal>
  );
}

function InstrumentsForm({ student, onClose }: { student: MemberListItem; onClose: () => void }) {
  const genres = useGenres();
  const update = useUpdateInstruments();
  const [value, setValue] = useState<InstrumentInput[]>(
    (student.instruments ?? []).map((i) => ({ genreId: i.genreId._id, level: i.level })),
  );
  const knownNames = Object.fromEntries((student.instruments ?? []).map((i) => [i.genreId._id, i.genreId.name]));
  const [error, setError] = useState<string | undefined>();
  const save = () => {
    setError(undefined);
    update.mutate(
      { id: student._id, instruments: value },
      {
        onSuccess: (result) => {
          notifySuccess(result.message || MEMBER_MESSAGES.instrumentsUpdated);
          onClose();
        },
        onError: (failure) => {
          const fields = failure instanceof ApiError ? failure.errors : {};
          setError(fields.instruments ?? Object.values(fields)[0] ?? errorMessage(failure));
        },
      },
    );
  };
  return (
    <Stack gap="lg">
      <InstrumentsEditor value={value} onChange={setValue} genres={genres.data ?? []} knownNames={knownNames} error={error} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button onClick={save} loading={update.isPending}>
          Save instruments
        </Button>
      </Group>
    </Stack>
  );
}

/** A student's instruments and levels on their own: what a teacher may change on their students. */
export function InstrumentsModal({ student, onClose }: { student: MemberListItem | null; onClose: () => void }) {
  return (
    <AppModal opened={student !== null} onClose={onClose} title={student ? `Instruments of ${fullName(student)}` : ''} size="lg">
      {student && <InstrumentsForm key={student._id} student={student} onClose={onClose} />}
    </AppModal>
  );
}
