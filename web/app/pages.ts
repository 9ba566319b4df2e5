/**
 * The pages that exist in this client, keyed by route pattern. A signed-in route is mounted
 * (and its menu entry shown) only when the role's route table (shared/routes.ts) lists it AND a
 * page is registered here; add a page by adding one line. Each feature's pages.ts gives its pages
 * as loaders (() => import(...)) and nothing else, so every page stays a lazy chunk of its own
 * (importing a feature's index.ts here would pull its widgets into the first load).
 */
import { activitiesPages } from '../features/activities/pages';
import { attendancePages } from '../features/attendance/pages';
import { billingPages } from '../features/billing/pages';
import { chatPages } from '../features/chat/pages';
import { classesPages } from '../features/classes/pages';
import { coursesPages } from '../features/courses/pages';
import { communicationPages } from '../features/communication/pages';
import { dashboardPages } from '../features/dashboard/pages';
import { earTrainerPages } from '../features/ear-trainer/pages';
import { familiesPages } from '../features/families/pages';
import { helpPages } from '../features/help/pages';
import { hubsPages } from '../features/hubs/pages';
import { learnMorePages } from '../features/learn-more/pages';
import { libraryPages } from '../features/library/pages';
import { membersPages } from '../features/members/pages';
import { myBizPages } from '../features/my-biz/pages';
import { payrollPages } from '../features/payroll/pages';
import { notificationsPages } from '../features/notifications/pages';
import { practicePages } from '../features/practice/pages';
import { profilePages } from '../features/profile/pages';
import { reportsPages } from '../features/reports/pages';
import { schedulingPages } from '../features/scheduling/pages';
import { schoolPlansPages } from '../features/school-plans/pages';
import { schoolsPages } from '../features/schools/pages';
import { signupWidgetPages } from '../features/signup-widget/pages';
import { supportPages } from '../features/support/pages';
import { storePages } from '../features/store/pages';
import { quizzesPages } from '../features/quizzes/pages';
import { lazyPage, type LazyPage } from './routing/lazyPage';

const calendarPage = lazyPage(schedulingPages.CalendarPage);
const coursePage = lazyPage(coursesPages.CoursePage);
const membersPage = lazyPage(membersPages.MembersPage);
const paymentReportPage = lazyPage(billingPages.PaymentReportPage);
const planBuilderPage = lazyPage(billingPages.PlanBuilderPage);
const widgetPage = lazyPage(billingPages.WidgetPage);
const assignPracticePage = lazyPage(practicePages.AssignPracticePage);
// One page for the area hubs (shared/hub-cards.ts): each lists the pages of its area the role opens.
const hubPage = lazyPage(hubsPages.HubPage);

export const PAGES: Record<string, LazyPage> = {
  '/musicalInteractives/earTrainer': lazyPage(earTrainerPages.EarTrainerSetsPage),
  '/earTrainerQuiz': lazyPage(earTrainerPages.EarTrainerQuizPage),
  '/quizzes': lazyPage(quizzesPages.QuizzesPage),
  '/quizCategories': lazyPage(quizzesPages.QuizCategoriesPage),
  '/store': lazyPage(storePages.StorePage),
  '/stores/product-listing': lazyPage(storePages.ProductListingPage),
  '/stores/product-details/:id': lazyPage(storePages.ProductDetailsPage),
  '/stores/stocks': lazyPage(storePages.StocksPage),
  '/stores/seller': lazyPage(storePages.SellerPage),
  '/stores/order-listing/:id': lazyPage(storePages.OrderListingPage),
  '/stores/order-details/:id': lazyPage(storePages.OrderDetailsPage),
  '/studentbilling/storebuilder': lazyPage(storePages.StoreBuilderPage),
  '/studentbilling/storewidget': lazyPage(storePages.StoreWidgetPage),
  '/dashboard': lazyPage(dashboardPages.DashboardPage),
  '/learning/library': lazyPage(libraryPages.LibraryPage),
  '/profile': lazyPage(profilePages.ProfilePage),
  '/member/children': lazyPage(membersPages.ChildrenPage),
  '/member/sub-admins': membersPage,
  '/member/teachers': membersPage,
  '/member/students': membersPage,
  '/member/parents': membersPage,
  '/member/:slug/:id': lazyPage(membersPages.MemberProfilePage),
  '/user/:slug/:id': lazyPage(membersPages.MemberProfilePage),
  '/member/classes-group': lazyPage(classesPages.ClassesPage),
  '/classes/group/:id': lazyPage(classesPages.ClassDetailsPage),
  // One pattern serves /family/add and /family/{id}: the route tables list only /family/:slug.
  '/family/:slug': lazyPage(familiesPages.FamilyPage),
  '/recentActivities/viewAllActivities': lazyPage(activitiesPages.ActivitiesPage),
  '/member/list-school': lazyPage(schoolsPages.SchoolsPage),
  '/member/private-teacher': lazyPage(schoolsPages.SchoolsPage),
  '/superadmin/view-school-details/:id': lazyPage(schoolsPages.SchoolDetailsPage),
  '/superadmin/view-teacher-details/:id': lazyPage(schoolsPages.SchoolDetailsPage),
  '/reporting/approvedStudent': lazyPage(signupWidgetPages.ApprovedStudentsPage),
  '/schedulings': lazyPage(schedulingPages.SchedulingSetupPage),
  '/reporting/attendance': lazyPage(attendancePages.AttendancePage),
  '/reporting/payrolls': lazyPage(payrollPages.PayrollPage),
  '/reporting/aproovedPayrolls': lazyPage(payrollPages.ApprovedPayrollPage),
  '/reporting/payrollReport': lazyPage(payrollPages.PayrollReportPage),
  '/reports/payment-reporting': paymentReportPage,
  '/reporting/payments': paymentReportPage,
  '/reporting/payment-details/:id': lazyPage(billingPages.PaymentDetailsPage),
  '/studentbilling/recuringInvoice': lazyPage(billingPages.RecurringInvoicePage),
  // One page (and one import in the entry chunk) for the three calendar views.
  '/scheduling/weekly': calendarPage,
  '/scheduling/daily': calendarPage,
  '/scheduling/monthly': calendarPage,
  // A parent's calendar of their children (decision 082).
  '/scheduling/family': lazyPage(schedulingPages.FamilyCalendarPage),
  '/paymentBilling': lazyPage(billingPages.PaymentBillingPage),
  '/studentbilling/invoiceList': lazyPage(billingPages.InvoiceListPage),
  '/studentbilling/newInvoice': lazyPage(billingPages.NewInvoicePage),
  // One page for the plan builder and the admin's group plans.
  '/studentbilling/planbuilder': planBuilderPage,
  '/studentbilling/groupplans': planBuilderPage,
  '/studentbilling/approveplan': lazyPage(billingPages.ApprovePlanPage),
  '/plan-registration/:id': lazyPage(billingPages.PlanRegistrationPage),
  '/buyPlanDetails': lazyPage(billingPages.BuyPlanDetailsPage),
  // One page for the four widgets of Plans / Payments.
  '/studentbilling/planwidget': widgetPage,
  '/studentbilling/loginwidget': widgetPage,
  '/studentbilling/studentWidget': widgetPage,
  '/studentbilling/registerwidget': widgetPage,
  '/schoolbilling/planbuilder': lazyPage(schoolPlansPages.PlanBuilderPage),
  '/schoolbilling/bookplan': lazyPage(schoolPlansPages.BookPlanPage),
  '/schoolbilling/loginwidget': lazyPage(schoolPlansPages.LoginWidgetPage),
  '/schoolbilling/planwidget': lazyPage(schoolPlansPages.PlanWidgetPage),
  '/learning/courses': lazyPage(coursesPages.CoursesPage),
  // One page for a course: the office's detail route and everyone's lessons route show the same.
  '/learning/course_detail/:id': coursePage,
  '/learning/lessons/:id': coursePage,
  '/learning/lesson_details/:lessonID/:id': lazyPage(coursesPages.LessonDetailsPage),
  '/learning/approve-course': lazyPage(coursesPages.ApproveCoursePage),
  '/learning/practice': lazyPage(practicePages.PracticePage),
  // One form page for assigning practice and changing it.
  '/learning/assign-practice': assignPracticePage,
  '/learning/assign-practice-update/:practiceAssign_Id': assignPracticePage,
  '/learning/view-practice/:id': lazyPage(practicePages.ViewPracticePage),
  '/reporting/student-practice': lazyPage(practicePages.StudentPracticePage),
  '/favourite': lazyPage(practicePages.FavouritesPage),
  '/chat': lazyPage(chatPages.ChatPage),
  '/email': lazyPage(communicationPages.GroupEmailPage),
  '/reporting/communication-log': lazyPage(communicationPages.CommunicationLogPage),
  '/help': lazyPage(helpPages.HelpPage),
  '/support': lazyPage(supportPages.SupportPage),
  '/reporting/student': lazyPage(reportsPages.StudentReportPage),
  '/reportings': lazyPage(reportsPages.ReportsHubPage),
  // A report's slug opens its page (routing/mountedRoutes.ts); this page answers the unknown ones.
  '/reports/:slug': lazyPage(reportsPages.UnknownReportPage),
  '/notification': lazyPage(notificationsPages.NotificationsPage),
  '/members': hubPage,
  '/learnings': hubPage,
  '/learning/learning': hubPage,
  '/studentbillings': hubPage,
  '/MyBiz/category/:id': lazyPage(myBizPages.ManageBizPage),
  '/build-my-biz/view-details/:id': lazyPage(myBizPages.ArticleDetailsPage),
  '/MyBizNew': lazyPage(myBizPages.ReadBizPage),
  '/category/:id': lazyPage(myBizPages.ReadCategoryPage),
  '/learnMore': lazyPage(learnMorePages.LearnMorePage),
};
