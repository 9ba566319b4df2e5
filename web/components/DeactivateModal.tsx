import { ConfirmModal } from './ConfirmModal';

type Props = {
  /** Who or what is asked about (a person's name, a school's); null: closed. */
  name: string | null;
  /** "Deactivate student", "Deactivate school". */
  title: string;
  /** What deactivating does, in a sentence: who can no longer sign in, until when. */
  consequence: string;
  onConfirm: () => void;
  onClose: () => void;
  loading: boolean;
};

/**
 * A status switch turned off asks first: deactivating signs people out of Cadenza. Turning it on
 * again asks nothing. Members' lists and the superadmin's schools use this one question.
 */
export function DeactivateModal({ name, title, consequence, onConfirm, onClose, loading }: Props) {
  return (
    <ConfirmModal opened={name !== null} onClose={onClose} title={title} onConfirm={onConfirm} loading={loading} confirmLabel="Deactivate" danger={false}>
      {name !== null ? `Deactivate ${name}? ${consequence}` : ''}
    </ConfirmModal>
  );
}
