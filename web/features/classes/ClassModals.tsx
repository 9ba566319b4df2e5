import { CLASS_MESSAGES, type ClassListItem } from '../../../shared/contracts/classes';
import { AppModal } from '../../components/AppModal';
import { ConfirmModal } from '../../components/ConfirmModal';
import { QueryContent } from '../../components/QueryContent';
import { errorMessage } from '../../lib/api';
import { editingTitle, type Editing as EditingOf } from '../../lib/editing';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useClassDetails, useDeleteClass } from './api';
import { ClassForm } from './ClassForm';

/** The editor's state: closed, adding, or editing one group by id. */
export type Editing = EditingOf;

function EditLoader({ id, onDone }: { id: string; onDone: () => void }) {
  return (
    <QueryContent query={useClassDetails(id)} loadingLabel="Loading class/group" errorTitle="Could not load this class/group" rows={3}>
      {(group) => <ClassForm group={group} onDone={onDone} onCancel={onDone} />}
    </QueryContent>
  );
}

export function ClassFormModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  return (
    <AppModal opened={editing !== null} onClose={onClose} title={editingTitle(editing ?? { mode: 'add' }, 'Class/Group')} size="lg">
      {editing?.mode === 'add' && <ClassForm onDone={onClose} onCancel={onClose} />}
      {editing?.mode === 'edit' && <EditLoader id={editing.id} onDone={onClose} />}
    </AppModal>
  );
}

export function DeleteClassModal({
  group,
  onClose,
  onDeleted,
}: {
  group: Pick<ClassListItem, '_id' | 'name'> | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteClass();
  const confirm = () => {
    if (!group) return;
    remove.mutate(group._id, {
      onSuccess: (result) => {
        notifySuccess(result.message || CLASS_MESSAGES.deleted);
        onClose();
        onDeleted?.();
      },
      onError: (error) => notifyError(errorMessage(error)),
    });
  };
  return (
    <ConfirmModal opened={group !== null} onClose={onClose} title="Delete class/group" onConfirm={confirm} loading={remove.isPending}>
      {`Delete ${group?.name ?? ''}? Its students stay in the school; only the group goes.`}
    </ConfirmModal>
  );
}
