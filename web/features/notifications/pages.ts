/** The notifications feature's pages for the router (web/app/pages.ts): loaders only. */
export const notificationsPages = {
  NotificationsPage: () => import('./NotificationsPage'),
};
