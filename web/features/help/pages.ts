/** The help feature's page for the app layer's router (web/app/pages.ts). */
export const helpPages = {
  HelpPage: () => import('./HelpPage'),
};
