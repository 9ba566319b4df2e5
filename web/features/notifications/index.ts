/** What other parts of the web app may use of notifications: the header's bell. */
export { NotificationBell } from './NotificationBell';
