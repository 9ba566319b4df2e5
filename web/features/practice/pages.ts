/** The practice feature's pages for the router (web/app/pages.ts): loaders only. */
export const practicePages = {
  PracticePage: () => import('./PracticePage'),
  AssignPracticePage: () => import('./AssignPracticePage'),
  ViewPracticePage: () => import('./ViewPracticePage'),
  StudentPracticePage: () => import('./report/StudentPracticePage'),
  FavouritesPage: () => import('./favourites/FavouritesPage'),
};
