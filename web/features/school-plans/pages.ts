/** The school plans feature's pages for the app layer's router (web/app/pages.ts): loaders only. */
export const schoolPlansPages = {
  PlanBuilderPage: () => import('./PlanBuilderPage'),
  BookPlanPage: () => import('./BookPlanPage'),
  LoginWidgetPage: () => import('./LoginWidgetPage'),
  PlanWidgetPage: () => import('./PlanWidgetPage'),
  SchoolSignupPage: () => import('./signup/SchoolSignupPage'),
};
