import { Modal, type ModalProps } from '@mantine/core';

/** Mantine's close button has no name of its own; screen readers and tests find it by this one. */
export const CLOSE_BUTTON_PROPS = { 'aria-label': 'Close' };

/** The app's dialog: centered, its close button named. */
export function AppModal(props: ModalProps) {
  return <Modal closeButtonProps={CLOSE_BUTTON_PROPS} centered {...props} />;
}
