/**
 * The communication feature's pages for the app layer's router (web/app/pages.ts): loaders only,
 * so each page stays a lazy chunk of its own.
 */
export const communicationPages = {
  GroupEmailPage: () => import('./GroupEmailPage'),
  CommunicationLogPage: () => import('./CommunicationLogPage'),
  UnsubscribePage: () => import('./UnsubscribePage'),
};
