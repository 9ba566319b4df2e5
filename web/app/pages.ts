/**
 * The pages that exist in this client, keyed by route pattern. A signed-in route is mounted
 * (and its menu entry shown) only when the role's route table (shared/routes.ts) lists it AND a
 * page is registered here; add a page by adding one line.
 */
import { lazyPage, type LazyPage } from './routing/lazyPage';

const calendarPage = lazyPage(() => import('../features/scheduling/CalendarPage'));
const membersPage = lazyPage(() => import('../features/members/MembersPage'));

export const PAGES: Record<string, LazyPage> = {
  '/dashboard': lazyPage(() => import('../features/dashboard/DashboardPage')),
  '/profile': lazyPage(() => import('../features/profile/ProfilePage')),
  '/member/children': lazyPage(() => import('../features/members/ChildrenPage')),
  '/member/sub-admins': membersPage,
  '/member/teachers': membersPage,
  '/member/students': membersPage,
  '/member/parents': membersPage,
  '/member/:slug/:id': lazyPage(() => import('../features/members/MemberProfilePage')),
  '/user/:slug/:id': lazyPage(() => import('../features/members/MemberProfilePage')),
  '/member/classes-group': lazyPage(() => import('../features/classes/ClassesPage')),
  '/classes/group/:id': lazyPage(() => import('../features/classes/ClassDetailsPage')),
  // One pattern serves /family/add and /family/{id}: the route tables list only /family/:slug.
  '/family/:slug': lazyPage(() => import('../features/families/FamilyPage')),
  '/recentActivities/viewAllActivities': lazyPage(() => import('../features/activities/ActivitiesPage')),
  '/member/list-school': lazyPage(() => import('../features/schools/SchoolsPage')),
  '/member/private-teacher': lazyPage(() => import('../features/schools/SchoolsPage')),
  '/superadmin/view-school-details/:id': lazyPage(() => import('../features/schools/SchoolDetailsPage')),
  '/superadmin/view-teacher-details/:id': lazyPage(() => import('../features/schools/SchoolDetailsPage')),
  '/reporting/approvedStudent': lazyPage(() => import('../features/signupWidget/ApprovedStudentsPage')),
  '/schedulings': lazyPage(() => import('../features/scheduling/SchedulingSetupPage')),
  '/reporting/attendance': lazyPage(() => import('../features/attendance/AttendancePage')),
  // One page (and one import in the entry chunk) for the three calendar views.
  '/scheduling/weekly': calendarPage,
  '/scheduling/daily': calendarPage,
  '/scheduling/monthly': calendarPage,
};

export type PublicPage = { title: string; Page: LazyPage };

/** Pages anyone may open, signed in or not (spec section 2, public routes). */
export const PUBLIC_PAGES: Record<string, PublicPage> = {
  '/resetpassword/:id': {
    title: 'Reset Password',
    Page: lazyPage(() => import('../features/auth/ResetPasswordPage')),
  },
  '/studentSignup/:id': {
    title: 'Student Signup',
    Page: lazyPage(() => import('../features/signupWidget/StudentSignupPage')),
  },
};

/** The sign-in page: only for signed-out visitors, at / and /login. */
export const LOGIN_PAGE: PublicPage = {
  title: 'Sign In',
  Page: lazyPage(() => import('../features/auth/LoginPage')),
};
