/** The area hubs' page for the app layer's router (web/app/pages.ts). */
export const hubsPages = {
  HubPage: () => import('./HubPage'),
};
