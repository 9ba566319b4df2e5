/** Learn More's page for the app layer's router (web/app/pages.ts). */
export const learnMorePages = {
  LearnMorePage: () => import('./LearnMorePage'),
};
