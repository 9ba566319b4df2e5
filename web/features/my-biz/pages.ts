/** Build My Biz's pages for the app layer's router (web/app/pages.ts). */
export const myBizPages = {
  ManageBizPage: () => import('./ManageBizPage'),
  ArticleDetailsPage: () => import('./ArticleDetailsPage'),
  ReadBizPage: () => import('./ReadBizPage'),
  ReadCategoryPage: () => import('./ReadCategoryPage'),
};
