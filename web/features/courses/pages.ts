/**
 * The courses feature's pages for the app layer's router (web/app/pages.ts): loaders only, so each
 * page stays a lazy chunk of its own.
 */
export const coursesPages = {
  CoursesPage: () => import('./CoursesPage'),
  CoursePage: () => import('./CoursePage'),
  LessonDetailsPage: () => import('./LessonDetailsPage'),
  ApproveCoursePage: () => import('./ApproveCoursePage'),
};
