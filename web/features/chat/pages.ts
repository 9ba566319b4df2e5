/** The chat feature's pages for the app layer's router (web/app/pages.ts): loaders only. */
export const chatPages = {
  ChatPage: () => import('./ChatPage'),
};
