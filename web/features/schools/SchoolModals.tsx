import { SCHOOL_MESSAGES, type SchoolListItem } from '../../../shared/contracts/schools';
import type { AddRole } from '../../../shared/roles';
import { AppModal } from '../../components/AppModal';
import { ConfirmModal } from '../../components/ConfirmModal';
import { QueryContent } from '../../components/QueryContent';
import { errorMessage } from '../../lib/api';
import { editingTitle, type Editing as EditingOf } from '../../lib/editing';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDeleteSchool, useSchoolDetails } from './api';
import { SchoolForm } from './SchoolForm';
import { roleNoun } from './labels';

/** The editor's state: closed, adding one of a kind, or editing one by id. */
export type Editing = EditingOf<{ addrole: AddRole }>;

function EditLoader({ id, onDone }: { id: string; onDone: () => void }) {
  return (
    <QueryContent query={useSchoolDetails(id)} loadingLabel="Loading school" errorTitle="Could not load this school">
      {(school) => <SchoolForm mode="edit" school={school} onDone={onDone} onCancel={onDone} />}
    </QueryContent>
  );
}

/** Add or edit a school or private teacher in a modal (docs/domains/schools.md "Screens and routes", superadmin). */
export function SchoolFormModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  return (
    <AppModal opened={editing !== null} onClose={onClose} title={editing ? editingTitle(editing, roleNoun(editing.addrole)) : ''} size="lg">
      {editing?.mode === 'add' && (
        <SchoolForm mode="add" addrole={editing.addrole} onDone={onClose} onCancel={onClose} />
      )}
      {editing?.mode === 'edit' && <EditLoader id={editing.id} onDone={onClose} />}
    </AppModal>
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
    <ConfirmModal
      opened={school !== null}
      onClose={onClose}
      title={school ? `Delete ${roleNoun(school.addrole).toLowerCase()}` : ''}
      onConfirm={confirm}
      loading={remove.isPending}
    >
      {`Delete ${school?.school_name ?? ''}? Its people will no longer be able to sign in. Schools with history are kept hidden, not erased.`}
    </ConfirmModal>
  );
}
