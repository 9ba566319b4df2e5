/** The quizzes feature's pages for the app layer's router (web/app/pages.ts): loaders only. */
export const quizzesPages = {
  QuizzesPage: () => import('./QuizzesPage'),
  QuizCategoriesPage: () => import('./QuizCategoriesPage'),
};
