import { FAMILY_MESSAGES, type FamilyItem } from '../../../shared/contracts/families';
import { ConfirmModal } from '../../components/ConfirmModal';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDeleteFamily } from './api';

export function DeleteFamilyModal({
  family,
  onClose,
  onDeleted,
}: {
  family: Pick<FamilyItem, '_id' | 'name'> | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteFamily();
  const confirm = () => {
    if (!family) return;
    remove.mutate(family._id, {
      onSuccess: (result) => {
        notifySuccess(result.message || FAMILY_MESSAGES.deleted);
        onClose();
        onDeleted?.();
      },
      onError: (error) => notifyError(errorMessage(error)),
    });
  };
  return (
    <ConfirmModal opened={family !== null} onClose={onClose} title="Delete family" onConfirm={confirm} loading={remove.isPending}>
      {`Delete ${family?.name ?? ''}? Its people stay in the school. A parent keeps seeing a child only through another family or a link made on their own screens.`}
    </ConfirmModal>
  );
}
