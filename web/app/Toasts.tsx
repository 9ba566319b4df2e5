// Loaded with the first toast (NotificationsHost), with the styles only toasts use.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications, type NotificationsProps } from '@mantine/notifications';
import classes from './Toasts.module.css';

export default function Toasts(props: NotificationsProps) {
  return <Notifications className={classes.toasts} {...props} />;
}
