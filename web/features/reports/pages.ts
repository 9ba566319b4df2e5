/**
 * The reports feature's pages for the app layer's router (web/app/pages.ts): loaders only, so each
 * page stays a lazy chunk of its own.
 */
export const reportsPages = {
  StudentReportPage: () => import('./StudentReportPage'),
  ReportsHubPage: () => import('./ReportsHubPage'),
  UnknownReportPage: () => import('./UnknownReportPage'),
};
