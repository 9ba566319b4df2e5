import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, sessionToken, type TestApp } from '../test/test-app.js';
import { createSchool, createUser, type TestSchool, type TestUser } from '../test/factories.js';
import { emailMessages, users } from '../db/schema/index.js';
import { AUTH_MESSAGES } from '../../shared/contracts/auth.js';

type Method = 'GET' | 'POST' | 'DELETE';
type Route = { method: Method; url: string; body?: unknown };

/**
 * Every call that needs a session. A new route must be added here (or to PUBLIC): the last test
 * compares both lists with the routes the app actually serves.
 */
const PROTECTED: Route[] = [
  { method: 'GET', url: '/api/auth/logout' },
  { method: 'GET', url: '/api/auth/me' },
  { method: 'POST', url: '/api/auth/local/loginas', body: { userId: '00000000-0000-4000-8000-000000000000' } },
  { method: 'POST', url: '/api/auth/loginAsCandidates', body: {} },
  { method: 'POST', url: '/api/auth/reSendVerifyAccount', body: {} },
  { method: 'GET', url: '/api/profile/getProfile' },
  { method: 'POST', url: '/api/profile/updateProfile', body: {} },
  { method: 'POST', url: '/api/profile/changePassword', body: {} },
  { method: 'GET', url: '/api/dashboard/getDashboard' },
  { method: 'GET', url: '/api/dashboard/getToday' },
  { method: 'GET', url: '/api/member/children' },
  { method: 'GET', url: '/api/member/profile/{id}' },
  ...['subadmins', 'teachers', 'students', 'parents'].flatMap((kind): Route[] => [
    { method: 'POST', url: `/api/member/${kind}/list`, body: {} },
    { method: 'POST', url: `/api/member/${kind}/add`, body: {} },
    { method: 'POST', url: `/api/member/${kind}/update`, body: {} },
    { method: 'POST', url: `/api/member/${kind}/changeStatus`, body: {} },
    { method: 'DELETE', url: `/api/member/${kind}/remove`, body: {} },
    { method: 'POST', url: `/api/member/${kind}/resendInvitation`, body: {} },
    { method: 'GET', url: `/api/member/${kind}/view/{id}` },
    { method: 'GET', url: `/api/member/${kind}/export` },
  ]),
  { method: 'POST', url: '/api/member/students/updateInstruments', body: {} },
  { method: 'POST', url: '/api/member/students/import/preview', body: {} },
  { method: 'POST', url: '/api/member/students/import', body: {} },
  { method: 'POST', url: '/api/member/teachers/import/preview', body: {} },
  { method: 'POST', url: '/api/member/teachers/import', body: {} },
  { method: 'POST', url: '/api/member/lessons/import/preview', body: {} },
  { method: 'POST', url: '/api/member/lessons/import', body: {} },
  { method: 'POST', url: '/api/auth/filter', body: {} },
  { method: 'POST', url: '/api/genre/getgenre', body: {} },
  { method: 'POST', url: '/api/school/privateteacher/getschoolList', body: {} },
  { method: 'POST', url: '/api/school/privateteacher/add', body: {} },
  { method: 'POST', url: '/api/school/privateteacher/update', body: {} },
  { method: 'POST', url: '/api/school/privateteacher/changeStatus', body: {} },
  { method: 'DELETE', url: '/api/school/privateteacher/removeSchool', body: {} },
  { method: 'GET', url: '/api/school/privateteacher/viewProfileBySchoolId/{id}' },
  { method: 'GET', url: '/api/school/setupChecklist/{adminId}' },
  { method: 'POST', url: '/api/school/setupChecklist/dismiss', body: {} },
  { method: 'GET', url: '/api/school/details/{adminId}' },
  { method: 'POST', url: '/api/school/details/update', body: {} },
  { method: 'POST', url: '/api/reporting/approvedStudent/list', body: {} },
  { method: 'POST', url: '/api/reporting/approvedStudent/approve', body: {} },
  { method: 'POST', url: '/api/reporting/approvedStudent/decline', body: {} },
  { method: 'POST', url: '/api/merchant/get', body: {} },
  { method: 'POST', url: '/api/merchant/save', body: {} },
  { method: 'POST', url: '/api/invoices/refundPayment', body: {} },
  { method: 'POST', url: '/api/classes/list', body: {} },
  { method: 'POST', url: '/api/classes/add', body: {} },
  { method: 'POST', url: '/api/classes/update', body: {} },
  { method: 'DELETE', url: '/api/classes/remove', body: {} },
  { method: 'GET', url: '/api/classes/view/{id}' },
  { method: 'POST', url: '/api/scheduling/getClassGroupStudentList', body: {} },
  { method: 'POST', url: '/api/scheduling/takeAttendance', body: {} },
  ...['getEvents', 'getLesson', 'addLesson', 'updateLesson', 'moveLesson', 'deleteLesson', 'cancelLesson', 'restoreLesson',
    'getCredits', 'grantCredit', 'bookMakeup', 'getSettings', 'updateSettings',
    'room/list', 'room/add', 'room/update', 'lessonType/list', 'lessonType/add', 'lessonType/update', 'holiday/list', 'holiday/add',
    'makeupSlot/list', 'makeupSlot/add', 'makeupSlot/book', 'previewCancel',
  ].map((call): Route => ({ method: 'POST', url: `/api/scheduling/${call}`, body: {} })),
  ...['room', 'lessonType', 'holiday', 'makeupSlot'].map((kind): Route => ({ method: 'DELETE', url: `/api/scheduling/${kind}/remove`, body: {} })),
  { method: 'POST', url: '/api/scheduling/getUpcomingLessons', body: {} },
  { method: 'POST', url: '/api/scheduling/getNotificationOnOff', body: {} },
  { method: 'POST', url: '/api/scheduling/notificationOnOff', body: {} },
  { method: 'POST', url: '/api/scheduling/getCalendarFeed', body: {} },
  { method: 'POST', url: '/api/scheduling/resetCalendarFeed', body: {} },
  { method: 'POST', url: '/api/reporting/getAttendance', body: {} },
  { method: 'POST', url: '/api/reporting/exportAttendance', body: {} },
  { method: 'POST', url: '/api/reporting/getStudentReport', body: {} },
  { method: 'POST', url: '/api/reporting/exportStudentReport', body: {} },
  { method: 'POST', url: '/api/family/list', body: {} },
  { method: 'POST', url: '/api/family/add', body: {} },
  { method: 'POST', url: '/api/family/update', body: {} },
  { method: 'DELETE', url: '/api/family/remove', body: {} },
  { method: 'GET', url: '/api/family/view/{id}' },
  { method: 'POST', url: '/api/recentActivities/viewAllActivities', body: {} },
  { method: 'POST', url: '/api/reports/payments/list', body: {} },
  { method: 'GET', url: '/api/reports/payments/export' },
  { method: 'GET', url: '/api/reports/payments/details/{id}' },
  { method: 'GET', url: '/api/billing/settings' },
  { method: 'POST', url: '/api/billing/settings', body: {} },
  ...['list', 'create', 'update', 'setActive'].map((call): Route => ({ method: 'POST', url: `/api/recurringInvoices/${call}`, body: {} })),
  { method: 'DELETE', url: '/api/recurringInvoices/remove', body: {} },
  ...['list', 'create', 'update', 'send', 'resend', 'void', 'recordPayment', 'lessonLines', 'billTo'].map((call): Route => ({ method: 'POST', url: `/api/invoices/${call}`, body: {} })),
  { method: 'GET', url: '/api/invoices/view/{id}' },
  { method: 'GET', url: '/api/invoices/pdf/{id}' },
  { method: 'GET', url: '/api/invoices/defaults' },
  ...['invoices', 'payInvoice', 'autopay'].map((call): Route => ({ method: 'POST', url: `/api/paymentbilling/${call}`, body: {} })),
  { method: 'GET', url: '/api/paymentMethod/getPaymentMethodList/{id}' },
  ...['cardList', 'addToCard', 'addCustomerPayment', 'updateCustomerPaymentProfile'].map((call): Route => ({ method: 'POST', url: `/api/studentBilling/${call}`, body: {} })),
  { method: 'DELETE', url: '/api/studentBilling/removeCard', body: {} },
  { method: 'DELETE', url: '/api/studentBilling/delCustomerPaymentProfile', body: {} },
  { method: 'GET', url: '/api/studentBilling/getCustomerPaymentProfile/{customerProfileId}/{customerPaymentProfileId}' },
  ...['list', 'approvalList', 'add', 'update', 'approve', 'reject', 'progress', 'assign', 'lesson/add', 'lesson/update', 'lesson/reorder', 'lesson/markDone']
    .map((call): Route => ({ method: 'POST', url: `/api/course/${call}`, body: {} })),
  ...['remove', 'unassign', 'lesson/remove'].map((call): Route => ({ method: 'DELETE', url: `/api/course/${call}`, body: {} })),
  { method: 'GET', url: '/api/course/view/{id}' },
  { method: 'GET', url: '/api/course/lesson/view/{id}' },
  ...['getListPlanBuilder', 'addPlanBuilder', 'updatePlanBuilder', 'getPlanById', 'payments', 'approvePlanByAdmin', 'cancelBookPlan']
    .map((call): Route => ({ method: 'POST', url: `/api/studentBilling/${call}`, body: {} })),
  { method: 'DELETE', url: '/api/studentBilling/deletePlanBuilder', body: {} },
  { method: 'GET', url: '/api/studentBilling/mySubscription' },
  ...['planList', 'instrumentTeacher'].map((call): Route => ({ method: 'POST', url: `/api/paymentbilling/${call}`, body: {} })),
  { method: 'POST', url: '/api/widget/getActiveWidget', body: {} },
  { method: 'POST', url: '/api/widget/setActiveWidget', body: {} },
  ...['getSchoolPlanList', 'getSchoolPlanById', 'addSchoolPlan', 'updateSchoolPlan'].map((call): Route => ({ method: 'POST', url: `/api/schoolBilling/${call}`, body: {} })),
  { method: 'DELETE', url: '/api/schoolBilling/deleteSchoolPlan', body: {} },
  { method: 'GET', url: '/api/schoolBilling/myPlan' },
  { method: 'POST', url: '/api/schoolBilling/payMyPlan', body: {} },
  ...['bookplanschool', 'getbookplanschool', 'updatebookplanschool', 'planUpgradeEmail', 'cancelBookPlanSchool', 'schoolPlan', 'endOrExtend', 'planStates'].map((call): Route => ({ method: 'POST', url: `/api/bookPlan/${call}`, body: {} })),
  ...['countRecipients', 'previewMassEmail', 'sendTestEmail', 'sendMassEmail', 'getMassEmailList', 'getMassEmail'].map((call): Route => ({ method: 'POST', url: `/api/massEmail/${call}`, body: {} })),
  { method: 'POST', url: '/api/reporting/getCommunicationLog', body: {} },
  { method: 'POST', url: '/api/reporting/getCommunication', body: {} },
  ...['getUnReadNotificationCount', 'getNotification', 'readNotification', 'readAllNotification', 'getPreferences', 'setPreferences'].map((call): Route => ({ method: 'POST', url: `/api/notification/${call}`, body: {} })),
  ...['list', 'view', 'update', 'shares', 'share', 'unshare', 'multiplefileUpload'].map((call): Route => ({ method: 'POST', url: `/api/library/${call}`, body: {} })),
  { method: 'DELETE', url: '/api/library/remove', body: {} },
  { method: 'POST', url: '/api/fileUpload/upload', body: {} },
  ...['getPractice', 'getPracticeStudents', 'addPractice', 'updatePractice', 'completePracticeItem', 'completeInCompletePracticeCount',
    'getCurrentPracticeTime', 'practiceTimer', 'studentPracticeReport'].map((call): Route => ({ method: 'POST', url: `/api/practice/${call}`, body: {} })),
  { method: 'DELETE', url: '/api/practice/removePractice', body: {} },
  { method: 'GET', url: '/api/practice/viewPractice/{id}' },
  ...['getFavouriteSongs', 'addFavouriteSong'].map((call): Route => ({ method: 'POST', url: `/api/favourite/${call}`, body: {} })),
  { method: 'DELETE', url: '/api/favourite/removeFavouriteSong', body: {} },
  ...['sendMessage', 'getMessages'].map((call): Route => ({ method: 'POST', url: `/api/chat/${call}`, body: {} })),
  { method: 'GET', url: '/api/payroll/settings' },
  ...['settings', 'generate', 'list', 'approved', 'exportApproved', 'adjustment'].map((call): Route => ({ method: 'POST', url: `/api/payroll/${call}`, body: {} })),
  { method: 'DELETE', url: '/api/payroll/adjustment', body: {} },
  { method: 'GET', url: '/api/payroll/{id}' },
  { method: 'GET', url: '/api/payroll/{id}/lessons' },
  { method: 'POST', url: '/api/payroll/{id}/regenerate' },
  { method: 'POST', url: '/api/payroll/{id}/approve' },
  { method: 'DELETE', url: '/api/payroll/{id}' },
  { method: 'GET', url: '/api/payroll/{id}/payslip/{teacherId}' },
  { method: 'GET', url: '/api/notification/getVapidPublicKey' },
  ...['getVapidPublicKey', 'addFcmToken', 'removeFcmToken'].map((call): Route => ({ method: 'POST', url: `/api/notification/${call}`, body: {} })),
  ...['getHelpArticles', 'getHelpArticle'].map((call): Route => ({ method: 'POST', url: `/api/help/${call}`, body: {} })),
  ...['sendSupportRequest', 'getSupportRequests', 'getSupportRequest', 'answerSupportRequest'].map((call): Route => ({ method: 'POST', url: `/api/support/${call}`, body: {} })),
  ...['getStoreList', 'addstore', 'updateStore', 'search', 'category/list', 'category/add', 'category/update', 'stock/list', 'stock/adjust', 'stock/history', 'schoolStore', 'setSchoolStore']
    .map((call): Route => ({ method: 'POST', url: `/api/store/${call}`, body: {} })),
  { method: 'DELETE', url: '/api/store/removeStore', body: {} },
  { method: 'DELETE', url: '/api/store/category/remove', body: {} },
  { method: 'GET', url: '/api/store/viewsingleProduct/{id}' },
  ...['getStoreList', 'getCategories'].map((call): Route => ({ method: 'POST', url: `/api/schoolStore/${call}`, body: {} })),
  ...['get', 'set'].map((call): Route => ({ method: 'POST', url: `/api/store/widget/${call}`, body: {} })),
  { method: 'GET', url: '/api/order/getSingleUserOrder' },
  { method: 'GET', url: '/api/order/invoicePdf' },
  { method: 'POST', url: '/api/seller/add', body: {} },
  { method: 'GET', url: '/api/seller/get' },
  { method: 'POST', url: '/api/seller/update/{id}', body: {} },
  { method: 'DELETE', url: '/api/seller/delete/{id}' },
  ...['getBizCategories', 'addBizCategory', 'updateBizCategory', 'deleteBizCategory', 'getBizArticles', 'getBizArticle', 'addBizArticle', 'updateBizArticle', 'deleteBizArticle']
    .map((call): Route => ({ method: 'POST', url: `/api/myBiz/${call}`, body: {} })),
  ...['getLearnMore', 'updateLearnMoreAbout'].map((call): Route => ({ method: 'POST', url: `/api/learnMore/${call}`, body: {} })),
  ...['getSets', 'addSet', 'updateSet', 'getMyTrainer', 'nextQuestion', 'answerQuestion', 'getGoal', 'setGoal']
    .map((call): Route => ({ method: 'POST', url: `/api/earTrainer/${call}`, body: {} })),
  { method: 'DELETE', url: '/api/earTrainer/removeSet', body: {} },
  ...['category/list', 'category/add', 'category/update', 'getQuizList', 'getQuiz', 'addQuiz', 'updateQuiz', 'publishQuiz', 'previewQuiz', 'question/add', 'question/update',
    'getPublishedQuizzes', 'startAttempt', 'submitAttempt', 'getAttempt', 'myAttempts'].map((call): Route => ({ method: 'POST', url: `/api/quiz/${call}`, body: {} })),
  ...['category/remove', 'removeQuiz', 'question/remove'].map((call): Route => ({ method: 'DELETE', url: `/api/quiz/${call}`, body: {} })),
  ...['addtoCart', 'viewCart', 'removeCart'].map((call): Route => ({ method: 'POST', url: `/api/cart/${call}`, body: {} })),
  ...['addtoOrder', 'savedCards', 'getorderList', 'orderList', 'updateStatus', 'addUserOrderAddress', 'viewAddress', 'taxRate', 'setTaxRate']
    .map((call): Route => ({ method: 'POST', url: `/api/order/${call}`, body: {} })),
  { method: 'GET', url: '/api/order/viewOrder/{id}' },
  { method: 'POST', url: '/api/dataExport/start', body: {} },
  { method: 'GET', url: '/api/dataExport/latest' },
  { method: 'GET', url: '/api/dataExport/file/{id}' },
];

/** A browser's push registration: the push roles' (docs/domains/roles-and-navigation.md "What it does"), so not a parent's (decision 081). */
const PROBE_ID = '00000000-0000-4000-8000-000000000000';
const PUSH_ROUTES: Route[] = [
  { method: 'GET', url: '/api/notification/getVapidPublicKey' },
  { method: 'POST', url: '/api/notification/getVapidPublicKey', body: {} },
  { method: 'POST', url: '/api/notification/addFcmToken', body: { userId: PROBE_ID, fcmToken: { endpoint: 'https://fcm.googleapis.com/fcm/send/probe', keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'a'.repeat(22) } } } },
  { method: 'POST', url: '/api/notification/removeFcmToken', body: { userId: PROBE_ID, endpoint: 'https://fcm.googleapis.com/fcm/send/probe' } },
];

/** The practice timer and favourite songs: a student's alone (valid bodies, so the role is what refuses). */
const STUDENT_ONLY_ROUTES: Route[] = [
  { method: 'POST', url: '/api/practice/practiceTimer', body: { studentId: '00000000-0000-4000-8000-000000000000', type: 'start' } },
  { method: 'POST', url: '/api/practice/getCurrentPracticeTime', body: { studentId: '00000000-0000-4000-8000-000000000000' } },
  { method: 'POST', url: '/api/practice/completePracticeItem', body: { itemId: '00000000-0000-4000-8000-000000000000' } },
  { method: 'POST', url: '/api/favourite/getFavouriteSongs', body: {} },
  { method: 'POST', url: '/api/favourite/addFavouriteSong', body: { title: 'Probe' } },
];
/** Assigning practice: staff and teachers (docs/domains/roles-and-navigation.md "Who may do what"). */
const ASSIGN_PRACTICE_ROUTES: Route[] = [
  { method: 'POST', url: '/api/practice/addPractice', body: { studentIds: ['00000000-0000-4000-8000-000000000000'], items: [{ title: 'Probe' }], due_date: new Date().toISOString().slice(0, 10), minutesPerDay: 10 } },
  { method: 'DELETE', url: '/api/practice/removePractice', body: { practiceId: '00000000-0000-4000-8000-000000000000' } },
];

/** The Library (issue 13): no parent has one (docs/domains/roles-and-navigation.md "Screens and routes"); students and parents never upload. */
const LIBRARY_ROUTES = PROTECTED.filter((r) => r.url.startsWith('/api/library/'));
const UPLOAD_ROUTES = PROTECTED.filter((r) => /\/(multiplefileUpload|upload)$/.test(r.url));

/** Support (issue 14): no teacher has /support; answering is the provider's alone. */
const SUPPORT_ROUTES = PROTECTED.filter((r) => r.url.startsWith('/api/support/'));
const ANSWER_SUPPORT: Route = { method: 'POST', url: '/api/support/answerSupportRequest', body: { id: '00000000-0000-4000-8000-000000000000', message: 'Probe' } };

/** Group email (issue 14): the office's alone. */
const GROUP_EMAIL_ROUTES = PROTECTED.filter((r) => r.url.startsWith('/api/massEmail/'));

/** Payroll (issue 15): the admin's, and a sub-admin's with allow_payroll_report (payroll-api.test.ts proves the flag). */
const PAYROLL_ROUTES = PROTECTED.filter((r) => r.url.startsWith('/api/payroll/'));

/** Build My Biz (issue 17): the superadmin writes; the office and teachers read; students and parents have none. */
const BIZ_ROUTES = PROTECTED.filter((r) => r.url.startsWith('/api/myBiz/'));
const BIZ_WRITE_ROUTES = BIZ_ROUTES.filter((r) => !/\/getBiz/.test(r.url));
const LEARN_MORE_ROUTES = PROTECTED.filter((r) => r.url.startsWith('/api/learnMore/'));

/** The data export (decision 092): the school's by its admin alone; a family's own by a student or parent; no teacher or sub-admin either way. */
const EXPORT_ROUTES = PROTECTED.filter((r) => r.url.startsWith('/api/dataExport/'));
const EXPORT_SCHOOL: Route = { method: 'POST', url: '/api/dataExport/start', body: { scope: 'school' } };
const EXPORT_MINE: Route = { method: 'POST', url: '/api/dataExport/start', body: { scope: 'mine' } };

/** The superadmin's schools calls: every other role is refused. */
/** The provider's sellers and the store switch on a school: the superadmin's alone. */
const PROVIDER_STORE_ROUTES = PROTECTED.filter((r) => r.url.startsWith('/api/seller/') || /\/api\/store\/(setSchoolStore|schoolStore)$/.test(r.url));
/** The ear trainer (issue 17): sets are the provider's, training a student's, goals staff's and teachers'. */
const EAR_SET_ROUTES = PROTECTED.filter((r) => /\/api\/earTrainer\/(getSets|addSet|updateSet|removeSet)$/.test(r.url));
const EAR_TRAINING_ROUTES = PROTECTED.filter((r) => /\/api\/earTrainer\/(getMyTrainer|nextQuestion|answerQuestion)$/.test(r.url));
const EAR_GOAL_ROUTES = PROTECTED.filter((r) => /\/api\/earTrainer\/(getGoal|setGoal)$/.test(r.url));
const SCHOOL_ROUTES = PROTECTED.filter((r) => r.url.startsWith('/api/school/privateteacher/'));
/** Store Builder and Store Widget: the admin's alone (docs/domains/roles-and-navigation.md "Who may do what"), with a valid body so the role is what refuses. */
const STORE_WIDGET_ROUTES: Route[] = [
  { method: 'POST', url: '/api/store/widget/get', body: {} },
  { method: 'POST', url: '/api/store/widget/set', body: { productIds: [] } },
];

/** The provider's plans for schools (issue 12): the superadmin's alone. */
const PROVIDER_PLAN_ROUTES = PROTECTED.filter((r) => r.url.startsWith('/api/bookPlan/') || (r.url.startsWith('/api/schoolBilling/') && !/\/(myPlan|payMyPlan)$/.test(r.url)));

/** A school's billing settings and recurring invoices: its admin and sub-admin only. */
const BILLING_SETTINGS_ROUTES = PROTECTED.filter((r) => r.url === '/api/billing/settings' || r.url.startsWith('/api/recurringInvoices/'));

/** Plan Builder's calls (a valid form, so the role is what refuses): the office's alone. */
const PLAN_FORM = { planName: 'Probe', price: 10, billingPeriod: 'monthly', lessonsPerPeriod: 1, lessonMinutes: 30, lessonType: 'private' };
const PLAN_BUILDER_ROUTES: Route[] = [
  { method: 'POST', url: '/api/studentBilling/getListPlanBuilder', body: {} },
  { method: 'POST', url: '/api/widget/setActiveWidget', body: { widget: 'planwidget', active: false } },
  { method: 'POST', url: '/api/studentBilling/addPlanBuilder', body: PLAN_FORM },
];
/** The admin's alone (docs/domains/roles-and-navigation.md "Who may do what"): group plans and approving. */
const PLAN_ADMIN_ROUTES: Route[] = [
  { method: 'POST', url: '/api/studentBilling/getListPlanBuilder', body: { kind: 'group' } },
  { method: 'POST', url: '/api/studentBilling/getListPlanBuilder', body: { isPlanApproveList: true } },
  { method: 'POST', url: '/api/studentBilling/approvePlanByAdmin', body: { subscriptionId: '00000000-0000-4000-8000-000000000000' } },
];

/** Courses (issue 13), with a valid body so the role is what refuses. */
const NIL = '00000000-0000-4000-8000-000000000000';
const COURSE_ROLE_CASES: [string, 'studentA' | 'parentA' | 'teacherA', Route][] = [
  ['a parent listing courses', 'parentA', { method: 'POST', url: '/api/course/list', body: {} }],
  ['a student adding a course', 'studentA', { method: 'POST', url: '/api/course/add', body: { title: 'x', genreId: NIL, level: 'beginner' } }],
  ['a parent adding a course', 'parentA', { method: 'POST', url: '/api/course/add', body: { title: 'x', genreId: NIL, level: 'beginner' } }],
  ['a teacher listing courses to approve', 'teacherA', { method: 'POST', url: '/api/course/approvalList', body: {} }],
  ['a student listing courses to approve', 'studentA', { method: 'POST', url: '/api/course/approvalList', body: {} }],
  ['a student reading progress', 'studentA', { method: 'POST', url: '/api/course/progress', body: { courseId: NIL } }],
  ['a teacher marking a lesson done', 'teacherA', { method: 'POST', url: '/api/course/lesson/markDone', body: { lessonId: NIL, done: true } }],
  ['a student taking an assignment back', 'studentA', { method: 'DELETE', url: '/api/course/unassign', body: { assignmentId: NIL } }],
];

/** Calls a signed-out visitor makes (sign-in, reset, the emailed links, health). */
const PUBLIC = [
  'GET /api/health',
  'POST /api/auth/local/login',
  'POST /api/auth/forgetPassword',
  'POST /api/auth/resetPassword',
  'POST /api/auth/invitation',
  'POST /api/auth/acceptInvitation',
  'POST /api/auth/checkvalidation',
  'GET /api/auth/verifyAccount/{token}',
  'POST /api/student/studentSignupWidget/school',
  'POST /api/student/studentSignupWidget/add',
  // The private calendar feed: the URL's token is the key (404 without a known one).
  'GET /api/scheduling/ical/{file}',
  // The invoice pay page (docs/domains/billing.md "Data and calls": no token): the emailed link's pay token is the key.
  'GET /api/invoice/{id}',
  'GET /api/invoice/{id}/pdf',
  'POST /api/invoice/payment',
  // A school's widget page (issue 12): it names its school by id, on any site.
  'POST /api/widget/public/school',
  // The store widget's page (issue 16): it names its school by id, on any site.
  'POST /api/store/widget/public',
  // School self-registration (issue 12): the public /signup/{id} page.
  'POST /api/schoolBilling/signupPlans',
  'POST /api/schoolBilling/registerSchool',
  // A Library file's link (issue 13): the signature in its query is the key (404 without a valid one).
  'GET /api/library/file/{id}',
  // The group email's unsubscribe link (issue 14): its signed token is the key.
  'GET /api/massEmail/unsubscribe/{token}',
  'POST /api/massEmail/unsubscribe/{token}',
];

let t: TestApp;
let a: TestSchool;
let b: TestSchool;
/** A person of school B whose email is not verified yet: a leak would send them an email. */
let bUnverified: TestUser;
let tokens: { adminA: string; subadminA: string; studentA: string; parentA: string; teacherA: string; expired: string };

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.db);
  b = await createSchool(t.db);
  bUnverified = await createUser(t.db, 'teacher', b.adminId, { emailVerifiedAt: null });
  tokens = {
    adminA: await sessionToken(t, a.admin.id),
    subadminA: await sessionToken(t, a.subadmin.id),
    studentA: await sessionToken(t, a.student.id),
    parentA: await sessionToken(t, a.parent.id),
    teacherA: await sessionToken(t, a.teacher.id),
    expired: await sessionToken(t, a.admin.id, { expiresAt: new Date(Date.now() - 1000) }),
  };
});
afterAll(() => t.close());

const name = (r: Route) => `${r.method} ${r.url}`;

describe('every route that needs a session', () => {
  it.each(PROTECTED.map((r) => [name(r), r] as const))('%s answers 401 without a session', async (_n, route) => {
    const res = await t.call(route.method, route.url, { body: route.body });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 401, message: AUTH_MESSAGES.sessionExpired, data: null });
  });

  it.each(PROTECTED.map((r) => [name(r), r] as const))('%s answers 401 to a garbage or expired bearer token', async (_n, route) => {
    for (const token of ['garbage', 'x'.repeat(43), 'y'.repeat(500), tokens.expired]) {
      const res = await t.call(route.method, route.url, { body: route.body, token });
      expect(res.status, `token ${token.slice(0, 12)}`).toBe(401);
      expect(res.body.status).toBe(401);
    }
  });

  it('accepts the same calls with a live session (the 401s above are about the session)', async () => {
    expect((await t.call('GET', '/api/auth/me', { token: tokens.adminA })).status).toBe(200);
    expect((await t.call('GET', '/api/member/children', { token: tokens.parentA })).status).toBe(200);
  });

  it('treats a malformed Authorization header as no session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Token ${tokens.adminA}` } });
    expect(res.statusCode).toBe(401);
  });
});

describe('wrong role -> 403', () => {
  const cases: [string, keyof typeof tokens, Route][] = [
    ['a student starting login-as', 'studentA', { method: 'POST', url: '/api/auth/local/loginas', body: { userId: '00000000-0000-4000-8000-000000000000' } }],
    ['a student listing login-as candidates', 'studentA', { method: 'POST', url: '/api/auth/loginAsCandidates', body: {} }],
    ['an admin opening /member/children', 'adminA', { method: 'GET', url: '/api/member/children' }],
    ['a teacher opening /member/children', 'teacherA', { method: 'GET', url: '/api/member/children' }],
    ['a student opening /member/children', 'studentA', { method: 'GET', url: '/api/member/children' }],
    ...(['teacherA', 'studentA', 'parentA'] as const).flatMap((who) => BILLING_SETTINGS_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)}`, who, r])),
    ...(['teacherA', 'studentA', 'parentA'] as const).flatMap((who) => PLAN_BUILDER_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)}`, who, r])),
    ...(['subadminA', 'teacherA', 'studentA', 'parentA'] as const).flatMap((who) => PLAN_ADMIN_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)} ${JSON.stringify(r.body)}`, who, r])),
    ...(['adminA', 'teacherA', 'studentA', 'parentA'] as const).flatMap((who) => PROVIDER_PLAN_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)}`, who, r])),
    ...(['teacherA', 'studentA', 'parentA'] as const).flatMap((who): [string, keyof typeof tokens, Route][] => [
      [`${who} reading the school's plan`, who, { method: 'GET', url: '/api/schoolBilling/myPlan' }],
      [`${who} paying the school's plan`, who, { method: 'POST', url: '/api/schoolBilling/payMyPlan', body: {} }],
    ]),
    ...COURSE_ROLE_CASES,
    ...(['adminA', 'subadminA', 'teacherA', 'parentA'] as const).flatMap((who) => STUDENT_ONLY_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)}`, who, r])),
    ...(['studentA', 'parentA'] as const).flatMap((who) => ASSIGN_PRACTICE_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)}`, who, r])),
    ...LIBRARY_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`parentA calling ${name(r)}`, 'parentA', r]),
    ...UPLOAD_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`studentA calling ${name(r)}`, 'studentA', r]),
    ...PUSH_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`a parent calling ${name(r)} (parents have no push)`, 'parentA', r]),
    ...(['subadminA', 'teacherA', 'studentA', 'parentA'] as const).flatMap((who) => PAYROLL_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)}`, who, r])),
    ...SUPPORT_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`a teacher calling ${name(r)} (no /support)`, 'teacherA', r]),
    ...(['adminA', 'subadminA', 'studentA', 'parentA'] as const).map((who): [string, keyof typeof tokens, Route] => [`${who} answering a support request`, who, ANSWER_SUPPORT]),
    ...(['teacherA', 'studentA', 'parentA'] as const).flatMap((who) => GROUP_EMAIL_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)}`, who, r])),
    ...(['adminA', 'subadminA', 'teacherA', 'studentA', 'parentA'] as const).flatMap((who) => PROVIDER_STORE_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)}`, who, r])),
    ...(['adminA', 'subadminA', 'teacherA'] as const).flatMap((who) => BIZ_WRITE_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)}`, who, r])),
    ...(['studentA', 'parentA'] as const).flatMap((who) => BIZ_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)} (no Build My Biz)`, who, r])),
    ...(['teacherA', 'parentA'] as const).flatMap((who) => LEARN_MORE_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)}`, who, r])),
    ...(['subadminA', 'studentA'] as const).map((who): [string, keyof typeof tokens, Route] => [`${who} writing the Learn More text`, who, LEARN_MORE_ROUTES[1]!]),
    ...(['adminA', 'subadminA', 'teacherA', 'studentA', 'parentA'] as const).flatMap((who) => EAR_SET_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)}`, who, r])),
    ...(['adminA', 'subadminA', 'teacherA', 'parentA'] as const).flatMap((who) => EAR_TRAINING_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)}`, who, r])),
    ...(['studentA', 'parentA'] as const).flatMap((who) => EAR_GOAL_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)}`, who, r])),
    ...(['subadminA', 'teacherA', 'studentA', 'parentA'] as const).flatMap((who) => STORE_WIDGET_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)}`, who, r])),
    ...(['adminA', 'teacherA', 'studentA', 'parentA'] as const).flatMap((who) => SCHOOL_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)}`, who, r])),
    ...(['subadminA', 'teacherA'] as const).flatMap((who) => EXPORT_ROUTES.map((r): [string, keyof typeof tokens, Route] => [`${who} calling ${name(r)}`, who, r])),
    ...(['studentA', 'parentA'] as const).map((who): [string, keyof typeof tokens, Route] => [`${who} exporting the whole school`, who, EXPORT_SCHOOL]),
    ['the admin exporting "their own" rather than the school', 'adminA', EXPORT_MINE],
  ];
  it.each(cases)('%s', async (_n, who, route) => {
    const res = await t.call(route.method, route.url, { body: route.body, token: tokens[who] });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 403, data: null });
  });

  it('staff and teachers cannot ask for a plan for a student', async () => {
    for (const who of ['adminA', 'subadminA', 'teacherA'] as const) {
      const res = await t.call('POST', '/api/studentBilling/payments', { token: tokens[who], body: { planId: '00000000-0000-4000-8000-000000000000', studentId: a.student.id } });
      expect(res.status, who).toBe(403);
    }
  });

  it('a student cannot ask a verification email for someone else of the school', async () => {
    const res = await t.call('POST', '/api/auth/reSendVerifyAccount', { token: tokens.studentA, body: { userId: a.teacher.id } });
    expect(res.status).toBe(403);
  });
});

describe("another school's record -> 404", () => {
  it('login-as with the id of a person of another school', async () => {
    for (const target of [b.teacher, b.student, b.admin]) {
      const res = await t.call('POST', '/api/auth/local/loginas', { token: tokens.adminA, body: { userId: target.id } });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 404, data: null });
    }
  });

  it('answers another school’s person exactly like an id that does not exist', async () => {
    const missing = await t.call('POST', '/api/auth/local/loginas', { token: tokens.adminA, body: { userId: '00000000-0000-4000-8000-000000000000' } });
    const other = await t.call('POST', '/api/auth/local/loginas', { token: tokens.adminA, body: { userId: b.teacher.id } });
    expect(other).toEqual(missing);
  });

  it('reSendVerifyAccount with the id of a person of another school, and no email goes out', async () => {
    const res = await t.call('POST', '/api/auth/reSendVerifyAccount', { token: tokens.adminA, body: { userId: bUnverified.id } });
    expect(res.status).toBe(404);
    const queued = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(emailMessages).where(eq(emailMessages.userId, bUnverified.id)));
    expect(queued).toEqual([]);
    const [row] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select({ v: users.emailVerifiedAt }).from(users).where(eq(users.id, bUnverified.id)));
    expect(row!.v).toBeNull();
  });

  it('a malformed id is a 400, not a lookup', async () => {
    const res = await t.call('POST', '/api/auth/local/loginas', { token: tokens.adminA, body: { userId: 'not-a-uuid' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ userId: 'Invalid id' });
  });
});

describe('unknown calls', () => {
  it.each([['GET', '/api/no-such-call'], ['POST', '/api/auth/no-such-call'], ['GET', '/api/profile/getProfile/extra']] as const)(
    '%s %s answers 404 in the envelope',
    async (method, url) => {
      const res = await t.call(method, url, { token: tokens.adminA });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: 404, message: `No such call: ${method} ${url}`, data: null });
    },
  );
});

describe('the route tables above', () => {
  it('name every route the app serves (OpenAPI), public ones marked security: []', () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const served = Object.entries(spec.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, isPublic: Array.isArray(op.security) && op.security.length === 0 })),
    );
    expect(served.filter((r) => !r.isPublic).map((r) => r.route).sort()).toEqual(PROTECTED.map(name).sort());
    expect(served.filter((r) => r.isPublic).map((r) => r.route).sort()).toEqual([...PUBLIC].sort());
  });
});
