/** The ear trainer's pages for the app layer's router (web/app/pages.ts): loaders only. */
export const earTrainerPages = {
  EarTrainerSetsPage: () => import('./EarTrainerSetsPage'),
  EarTrainerQuizPage: () => import('./EarTrainerQuizPage'),
};
