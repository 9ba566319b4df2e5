/**
 * The scheduling feature's pages for the app layer's router (web/app/pages.ts): loaders only, so each
 * page stays a lazy chunk of its own and nothing of this feature enters the first load.
 */
export const schedulingPages = {
  CalendarPage: () => import('./CalendarPage'),
  FamilyCalendarPage: () => import('./FamilyCalendarPage'),
  SchedulingSetupPage: () => import('./SchedulingSetupPage'),
};
