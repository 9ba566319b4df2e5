/** The support feature's page for the app layer's router (web/app/pages.ts). */
export const supportPages = {
  SupportPage: () => import('./SupportPage'),
};
