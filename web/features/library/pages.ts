/** The library feature's pages for the app layer's router (web/app/pages.ts): loaders only. */
export const libraryPages = {
  LibraryPage: () => import('./LibraryPage'),
};
