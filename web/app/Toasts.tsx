// Loaded with the first toast (NotificationsHost), with the styles only toasts use.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOAST_PHONE_QUERY, toastPlacement } from './toastPlacement';

/**
 * Where toasts sit (decision 090): never over what the person reads or presses next. On a phone,
 * along the bottom edge; wider, in the sidebar's column at the bottom left, as narrow as that
 * column, so a right-hand drawer's buttons, a dialog's and the page beside them stay clear.
 */
export default function Toasts() {
  const phone = useMediaQuery(TOAST_PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  const { position, containerWidth } = toastPlacement(phone);
  return <Notifications position={position} containerWidth={containerWidth} />;
}
