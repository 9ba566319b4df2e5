import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { SCHOOL_MESSAGES, type SchoolListItem } from '../../../shared/contracts/schools';
import type { AddRole } from '../../../shared/roles';
import { QueryError } from '../../components/QueryError';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDeleteSchool, useSchoolDetails } from './api';
import { SchoolForm } from './SchoolForm';
import { roleNoun } from './labels';

/** The editor's state: closed, adding one of a kind, or editing one by id. */
export type Editing = null | { mode: 'add'; addrole: AddRole } | { mode: 'edit'; id: string; addrole: AddRole };

function EditLoader({ id, onDone }: { id: string; onDone: () => void }) {
  const details = useSchoolDetails(id);
  if (details.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading school">
        {Array.from({ length: 5 }, (_, row) => (
          <Skeleton key={row} h={36} />
        ))}
      </Stack>
    );
  }
  if (details.isError) {
    return <QueryError error={details.error} onRetry={() => void details.refetch()} title="Could not load this school" />;
  }
  return <SchoolForm mode="edit" school={details.data} onDone={onDone} onCancel={onDone} />;
}

/** Add or edit a school or private teacher in a modal (spec section 2, superadmin). */
export function SchoolFormModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const title = editing
    ? `${editing.mode === 'add' ? 'Add' : 'Edit'} ${roleNoun(editing.addrole)}`
    : '';
  return (
    <Modal opened={editing !== null} onClose={onClose} title={title} size="lg" centered>
      {editing?.mode === 'add' && (
        <SchoolForm mode="add" addrole={editing.addrole} onDone={onClose} onCancel={onClose} />
      )}
      {editing?.mode === 'edit' && <EditLoader id={editing.id} onDone={onClose} />}
    </Modal>
  );
}

/** Deleting asks first; the server keeps a school with history hidden rather than erasing it. */
export function DeleteSchoolModal({
  school,
  onClose,
  onDeleted,
}: {
  school: Pick<SchoolListItem, '_id' | 'school_name' | 'addrole'> | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteSchool();
  const confirm = () => {
    if (!school) return;
    remove.mutate(school._id, {
      onSuccess: (result) => {
        notifySuccess(result.message || SCHOOL_MESSAGES.deleted);
        onClose();
        onDeleted?.();
      },
      onError: (error) => notifyError(errorMessage(error) || SCHOOL_MESSAGES.failed),
    });
  };
  return (
    <Modal opened={school !== null} onClose={onClose} title={school ? `Delete ${roleNoun(school.addrole).toLowerCase()}` : ''} centered>
      <Stack gap="lg">
        <Text size="sm">
          Delete {school?.school_name}? Its people will no longer be able to sign in. Schools with history are kept
          hidden, not erased.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
