/**
 * The route table of each role (docs/domains/roles-and-navigation.md "Screens and routes": Route tables).
 *
 * The web router mounts only these paths for the signed-in user (or, in login-as mode, the
 * impersonated user), and the server derives its function-level guards from the same tables.
 * Paths use React Router syntax; parameter names are the product's.
 *
 * Where the original tables abbreviated a group ("reporting (attendance, payments, ...)"), the word is
 * expanded to the path the menus (shared/menus.ts) link to, or to the path of the same page in the
 * superadmin table. "profiles" (plural) is both profile-view pages, `/member/:slug/:id` and
 * `/user/:slug/:id`; "profile" is the user's own `/profile`, which every role gets so that the
 * header's Profile link works for all.
 */
import { isRole, type Role } from './roles.js';

export type RouteEntry = { path: string; title: string };

const page = (path: string, title: string): RouteEntry => ({ path, title });

/** Every page once, so a page has the same path and title in every role's table. */
const P = {
  dashboard: page('/dashboard', 'Dashboard'),
  profile: page('/profile', 'Profile'),
  notification: page('/notification', 'Notifications'),
  support: page('/support', 'Contact for More Features'),
  help: page('/help', 'Help'),
  // Chat is reached from the header's chat button (issue 14), in no menu.
  chat: page('/chat', 'Chat'),
  recentActivities: page('/recentActivities/viewAllActivities', 'Recent Activities'),
  userProfile: page('/user/:slug/:id', 'Profile Details'),
  memberProfile: page('/member/:slug/:id', 'Member Details'),
  planRegistration: page('/plan-registration/:id', 'Plan Registration'),
  paymentBilling: page('/paymentBilling', 'Payment / Billing'),
  buyPlanDetails: page('/buyPlanDetails', 'Plan Details'),

  // Members
  members: page('/members', 'Members'),
  schools: page('/member/list-school', 'Schools'),
  privateTeachers: page('/member/private-teacher', 'Private Teachers'),
  schoolDetails: page('/superadmin/view-school-details/:id', 'School Details'),
  privateTeacherDetails: page('/superadmin/view-teacher-details/:id', 'Private Teacher Details'),
  subAdmins: page('/member/sub-admins', 'Sub Admins'),
  teachers: page('/member/teachers', 'Teachers'),
  students: page('/member/students', 'Students'),
  parents: page('/member/parents', 'Parents'),
  children: page('/member/children', 'Children'),
  family: page('/family/:slug', 'Family'),
  classesGroups: page('/member/classes-group', 'Classes/Groups'),
  classGroupDetails: page('/classes/group/:id', 'Class/Group Details'),

  // Learning
  learning: page('/learning/learning', 'Learning'),
  learnings: page('/learnings', 'Learning'),
  courses: page('/learning/courses', 'Courses'),
  courseDetail: page('/learning/course_detail/:id', 'Course Details'),
  approveCourse: page('/learning/approve-course', 'Approve Course'),
  lessons: page('/learning/lessons/:id', 'Lessons'),
  lessonDetails: page('/learning/lesson_details/:lessonID/:id', 'Lesson Details'),
  library: page('/learning/library', 'Library'),
  practice: page('/learning/practice', 'Practice'),
  viewPractice: page('/learning/view-practice/:id', 'Practice Details'),
  assignPractice: page('/learning/assign-practice', 'Assign Practice'),
  assignPracticeUpdate: page(
    '/learning/assign-practice-update/:practiceAssign_Id',
    'Update Practice Assignment',
  ),
  quizzes: page('/quizzes', 'Quizzes'),
  quizCategories: page('/quizCategories', 'Quizzes'),
  earTrainer: page('/musicalInteractives/earTrainer', 'Ear Trainer'),
  earTrainerQuiz: page('/earTrainerQuiz', 'Ear Trainer'),
  favourite: page('/favourite', 'Favourite Songs'),
  learnMore: page('/learnMore', 'Learn More'),

  // Build My Biz
  myBizCategory: page('/MyBiz/category/:id', 'Build My Biz'),
  myBizDetails: page('/build-my-biz/view-details/:id', 'Build My Biz Details'),
  myBizNew: page('/MyBizNew', 'Build My Biz'),
  category: page('/category/:id', 'Build My Biz'),

  // Scheduling
  schedulings: page('/schedulings', 'Schedule settings'),
  weekly: page('/scheduling/weekly', 'Weekly Schedule'),
  daily: page('/scheduling/daily', 'Daily Schedule'),
  monthly: page('/scheduling/monthly', 'Monthly Schedule'),
  familyCalendar: page('/scheduling/family', "Children's Calendar"),

  // Reports
  reportings: page('/reportings', 'Reports & Info'),
  report: page('/reports/:slug', 'Reports'),
  paymentReport: page('/reports/payment-reporting', 'Payment Report'),
  paymentDetails: page('/reporting/payment-details/:id', 'Payment Details'),
  attendance: page('/reporting/attendance', 'Attendance'),
  studentPayments: page('/reporting/payments', 'Payments'),
  studentReport: page('/reporting/student', 'Student Report'),
  studentPractice: page('/reporting/student-practice', 'Student Practice'),
  payrolls: page('/reporting/payrolls', 'Payroll'),
  approvedPayrolls: page('/reporting/aproovedPayrolls', 'Approved Payroll'),
  approvedStudent: page('/reporting/approvedStudent', 'New Widget Students'),
  payrollReport: page('/reporting/payrollReport', 'Payroll Report'),
  communicationLog: page('/reporting/communication-log', 'Communication Log'),

  // School billing (the provider's plans for schools)
  schoolLoginWidget: page('/schoolbilling/loginwidget', 'Login Widget'),
  schoolPlanBuilder: page('/schoolbilling/planbuilder', 'Plan Builder'),
  bookPlan: page('/schoolbilling/bookplan', 'Book Plan'),
  schoolPlanWidget: page('/schoolbilling/planwidget', 'Plan Widget'),

  // Student billing (a school's plans for its students)
  studentBillings: page('/studentbillings', 'Plans / Payments'),
  approvePlan: page('/studentbilling/approveplan', 'Approve Plan'),
  groupPlans: page('/studentbilling/groupplans', 'Group Plans'),
  loginWidget: page('/studentbilling/loginwidget', 'Login Widget'),
  studentWidget: page('/studentbilling/studentWidget', 'Student Login Widget'),
  newInvoice: page('/studentbilling/newInvoice', 'New Invoice'),
  invoiceList: page('/studentbilling/invoiceList', 'Invoicing'),
  // The product's spelling (docs/wording.md); the path is what counts, the title is corrected.
  recurringInvoice: page('/studentbilling/recuringInvoice', 'Recurring Invoice'),
  registerWidget: page('/studentbilling/registerwidget', 'Register Widget'),
  planBuilder: page('/studentbilling/planbuilder', 'Plan Builder'),
  planWidget: page('/studentbilling/planwidget', 'Plan Widget'),
  storeBuilder: page('/studentbilling/storebuilder', 'Store Builder'),
  storeWidget: page('/studentbilling/storewidget', 'Store Widget'),

  // Store
  store: page('/store', 'Store'),
  orderListing: page('/stores/order-listing/:id', 'Order Listing'),
  orderDetails: page('/stores/order-details/:id', 'Order Details'),
  seller: page('/stores/seller', 'Seller'),
  productListing: page('/stores/product-listing', 'Product Listing'),
  productDetails: page('/stores/product-details/:id', 'Product Details'),
  stocks: page('/stores/stocks', 'Inventory'),

  email: page('/email', 'Group Email'),
} as const satisfies Record<string, RouteEntry>;

/** Keeps the first of two entries with the same path. */
function table(...entries: RouteEntry[]): readonly RouteEntry[] {
  const byPath = new Map<string, RouteEntry>();
  for (const entry of entries) if (!byPath.has(entry.path)) byPath.set(entry.path, entry);
  return Object.freeze([...byPath.values()]);
}

const SUPERADMIN = table(
  P.dashboard,
  P.quizzes,
  P.earTrainer,
  P.members,
  P.schools,
  P.privateTeachers,
  P.schoolDetails,
  P.privateTeacherDetails,
  P.learning,
  P.library,
  P.courses,
  P.courseDetail,
  P.lessons,
  P.lessonDetails,
  P.paymentDetails,
  P.myBizCategory,
  P.myBizDetails,
  P.store,
  P.orderListing,
  P.seller,
  P.orderDetails,
  P.productListing,
  P.schoolLoginWidget,
  P.schoolPlanBuilder,
  P.bookPlan,
  P.schoolPlanWidget,
  P.paymentBilling,
  P.planRegistration,
  P.reportings,
  P.paymentReport, // the menu's Payment Report; /reports/:slug would match it too
  P.report,
  P.userProfile,
  P.notification,
  P.support,
  P.help,
  P.chat,
  P.profile,
);

const ADMIN = table(
  P.dashboard,
  P.members,
  P.subAdmins,
  P.teachers,
  P.memberProfile,
  P.students,
  P.parents,
  P.email,
  P.family,
  P.classesGroups,
  P.recentActivities,
  P.classGroupDetails,
  // Not P.privateTeachers: the original admin table listed it, but private teachers are the provider's schools (decision 090).
  // learning
  P.learning,
  P.learnings,
  P.approveCourse,
  P.lessons,
  P.lessonDetails,
  P.library,
  P.courses,
  P.courseDetail,
  P.practice,
  P.viewPractice,
  // reporting
  P.reportings,
  P.attendance,
  P.paymentReport,
  P.paymentDetails,
  P.studentReport,
  P.payrolls,
  P.approvedPayrolls,
  P.approvedStudent,
  P.payrollReport,
  P.communicationLog,
  P.myBizNew,
  P.category,
  // scheduling
  P.schedulings,
  P.weekly,
  P.daily,
  // student billing
  P.studentBillings,
  P.approvePlan,
  P.groupPlans,
  P.loginWidget,
  P.studentWidget,
  P.newInvoice,
  P.invoiceList,
  P.recurringInvoice,
  P.registerWidget,
  P.planBuilder,
  P.planWidget,
  P.storeBuilder,
  P.storeWidget,
  P.paymentBilling,
  // store (the order listing is ours, decision 046: the original admin table opens order details with no list to reach them)
  P.store,
  P.orderListing,
  P.orderDetails,
  P.productListing,
  P.productDetails,
  P.stocks,
  P.report,
  P.userProfile,
  P.planRegistration,
  P.notification,
  P.support,
  P.help,
  P.chat,
  P.profile,
);

/** What docs/domains/roles-and-navigation.md takes away from the admin table for a subadmin. */
const NOT_FOR_SUBADMIN = new Set<string>([
  P.subAdmins.path,
  P.approvePlan.path,
  P.groupPlans.path,
  P.storeBuilder.path,
  P.storeWidget.path,
  P.stocks.path,
  P.viewPractice.path,
]);

// Payroll and approved-student reports stay: allow_payroll_report only hides their menu entries.
const SUBADMIN = table(
  ...ADMIN.filter((entry) => !NOT_FOR_SUBADMIN.has(entry.path)),
  P.monthly,
);

const TEACHER = table(
  P.dashboard,
  P.members,
  P.memberProfile,
  P.userProfile,
  P.students,
  P.parents,
  P.classesGroups,
  P.classGroupDetails,
  P.learnings,
  P.lessons,
  P.library,
  P.courses,
  P.practice,
  // reporting
  P.attendance,
  P.paymentReport,
  P.studentReport,
  P.communicationLog,
  P.report,
  P.myBizNew,
  P.category,
  // scheduling
  P.weekly,
  P.daily,
  P.monthly,
  // Not P.studentBillings: the original teacher table listed the hub, but none of its pages is a teacher's;
  // their students' payments are Reports → Payments (decision 090).
  // store pages: the admin's, less the inventory
  P.store,
  // Not in the original teacher table: a teacher buys in the store, and /store's "My orders" leads here (decision 090).
  P.orderListing,
  P.productListing,
  P.productDetails,
  P.orderDetails,
  P.assignPractice,
  P.assignPracticeUpdate,
  P.viewPractice,
  P.profile,
  P.notification,
  P.help,
  P.chat,
);

const STUDENT = table(
  P.dashboard,
  P.learnings,
  P.quizCategories,
  P.favourite,
  P.earTrainerQuiz,
  P.lessons,
  P.library,
  P.courses,
  P.practice,
  P.memberProfile,
  P.userProfile,
  P.recentActivities,
  P.learnMore,
  P.viewPractice,
  // reporting
  P.attendance,
  P.studentPayments,
  P.studentReport,
  P.communicationLog,
  P.studentPractice,
  // scheduling
  P.weekly,
  P.monthly,
  P.paymentBilling,
  P.buyPlanDetails,
  // store
  P.store,
  P.orderListing,
  P.orderDetails,
  P.profile,
  P.planRegistration,
  P.notification,
  P.support,
  // Not in the original student table: help is written for every role (issue 14, decision 041).
  P.help,
  P.chat,
);

const PARENT = table(
  P.children,
  // Not in the original parent table: the children's lessons, cancelled and made up without a login-as (decision 082).
  P.familyCalendar,
  P.reportings,
  P.memberProfile,
  P.userProfile,
  P.attendance,
  P.support,
  P.studentPayments,
  P.studentPractice,
  P.studentReport,
  P.paymentDetails,
  P.communicationLog,
  P.paymentBilling,
  P.profile,
  P.planRegistration,
  P.notification,
  // Not in the original parent table: help is written for every role (issue 14, decision 041).
  P.help,
  // Not in the original parent table: parents chat with their children's teachers and the office (issue 28, decision 081).
  P.chat,
);

export const ROUTE_TABLES: Record<Role, readonly RouteEntry[]> = Object.freeze({
  superadmin: SUPERADMIN,
  admin: ADMIN,
  subadmin: SUBADMIN,
  teacher: TEACHER,
  student: STUDENT,
  parent: PARENT,
});

/** Pass the impersonated user's role in login-as mode; an unknown role gets no routes. */
export function routesFor(role: Role | string | undefined | null): readonly RouteEntry[] {
  return isRole(role) ? ROUTE_TABLES[role] : [];
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/**
 * How many static segments of `pattern` match `actual`; undefined when it does not match.
 * Follows React Router: a `:param` takes one non-empty segment and static segments compare
 * case-insensitively (its default, and what let the original's /PaymentBilling links work).
 */
function matchScore(pattern: string[], actual: string[]): number | undefined {
  if (pattern.length !== actual.length) return undefined;
  let statics = 0;
  for (const [i, expected] of pattern.entries()) {
    if (expected.startsWith(':')) continue;
    if (expected.toLowerCase() !== actual[i]?.toLowerCase()) return undefined;
    statics += 1;
  }
  return statics;
}

/** Whether a concrete pathname (trailing slash ignored) matches a route pattern. */
export function pathMatches(pattern: string, pathname: string): boolean {
  return matchScore(segmentsOf(pattern), segmentsOf(pathname)) !== undefined;
}

/**
 * The role's route for a concrete pathname. As in React Router, the more static segments the
 * better, so `/reports/payment-reporting` wins over `/reports/:slug`.
 */
export function matchRoute(
  role: Role | string | undefined | null,
  pathname: string,
): RouteEntry | undefined {
  const actual = segmentsOf(pathname);
  let best: RouteEntry | undefined;
  let bestScore = -1;
  for (const entry of routesFor(role)) {
    const score = matchScore(segmentsOf(entry.path), actual);
    if (score !== undefined && score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  return best;
}
