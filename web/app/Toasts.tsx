// Loaded with the first toast (NotificationsHost), with the styles only toasts use.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

export { Notifications as default } from '@mantine/notifications';
