/**
 * The sidebar menu of each role (docs/domains/roles-and-navigation.md "Screens and routes": Menus).
 *
 * A section has children and no path; a leaf has a path. Where the original menu named an entry without
 * its path ("Learning (Courses, ..., Library)"), the path is the one given for that label earlier
 * in the same section (docs/domains/roles-and-navigation.md "Screens and routes").
 */
import { type AddRole, type Role, STAFF_OR_PROVIDER_ROLES } from './roles.js';
import { hasPayrollRight } from './permissions.js';

export type MenuEntry = {
  label: string;
  path?: string;
  /** Pages reached from this leaf that sit beside its path (a form, a details page): it shows active there too. */
  also?: string[];
  children?: MenuEntry[];
};

export type MenuContext = {
  /** Role of the user whose menu is shown: the impersonated user in login-as mode. */
  role: Role;
  addrole: AddRole | null;
  showStore: boolean;
  allowPayrollReport: boolean;
  /** Role of the real signed-in user while impersonating; null otherwise. */
  actorRole: Role | null;
};

const leaf = (label: string, path: string, also?: string[]): MenuEntry => (also ? { label, path, also } : { label, path });
const section = (label: string, children: MenuEntry[]): MenuEntry => ({ label, children });

const DASHBOARD = leaf('Dashboard', '/dashboard');
const COURSES = leaf('Courses', '/learning/courses');
const LIBRARY = leaf('Library', '/learning/library');
const PRACTICE = leaf('Practice', '/learning/practice');
const STUDENTS = leaf('Students', '/member/students');
const CLASSES_GROUPS = leaf('Classes/Groups', '/member/classes-group');
const WEEKLY = leaf('Weekly', '/scheduling/weekly');
const DAILY = leaf('Daily', '/scheduling/daily');
const MONTHLY = leaf('Monthly', '/scheduling/monthly');
const ATTENDANCE = leaf('Attendance', '/reporting/attendance');
const COMMUNICATION_LOG = leaf('Communication Log', '/reporting/communication-log');
const STUDENT_PRACTICE = leaf('Student Practice', '/reporting/student-practice');
const SCHOOL_PAYMENTS = leaf('Payments', '/reports/payment-reporting', ['/reporting/payment-details']);
const FAMILY_PAYMENTS = leaf('Payments', '/reporting/payments', ['/reporting/payment-details']);
const BUILD_MY_BIZ = leaf('Build My Biz', '/MyBizNew');
// The original menu wrote /PaymentBilling and its route tables /paymentBilling; the original
// worked only because React Router matches case-insensitively. One spelling, the route table's.
const PAYMENT_BILLING = leaf('Payment / Billing', '/paymentBilling');
const PAYROLL = leaf('Payroll', '/reporting/payrolls');
const APPROVED_PAYROLL = leaf('Approved Payroll', '/reporting/aproovedPayrolls');

function superadminMenu(): MenuEntry[] {
  return [
    DASHBOARD,
    section('Members', [
      leaf('Schools', '/member/list-school'),
      leaf('Private Teachers', '/member/private-teacher'),
    ]),
    section('Learning', [COURSES, LIBRARY]),
    // The route table's /MyBiz/category/{id}: the menu opens the first category.
    leaf('Build My Biz', '/MyBiz/category/1'),
    section('Store', [
      leaf('Order Listing', '/stores/order-listing/1'),
      leaf('Seller', '/stores/seller'),
    ]),
    section('School Billing', [
      leaf('Plan Builder', '/schoolbilling/planbuilder'),
      leaf('Book Plan', '/schoolbilling/bookplan'),
    ]),
    section('Reports & Info', [leaf('Payment Report', '/reports/payment-reporting', ['/reporting/payment-details'])]),
    leaf('Quizzes', '/quizzes'),
    section('Musical Interactives', [leaf('Ear Trainer', '/musicalInteractives/earTrainer')]),
  ];
}

/** The admin menu, and the subadmin's, which docs/domains/roles-and-navigation.md defines as the admin's with changes. */
function schoolStaffMenu(ctx: MenuContext): MenuEntry[] {
  const isAdmin = ctx.role === 'admin';
  const isPrivateTeacher = isAdmin && ctx.addrole === 'Private teacher';
  const payroll = hasPayrollRight(ctx);

  const members: MenuEntry[] = [
    ...(isAdmin && !isPrivateTeacher ? [leaf('Sub Admins', '/member/sub-admins')] : []),
    ...(isPrivateTeacher ? [] : [leaf('Teachers', '/member/teachers')]),
    STUDENTS,
    leaf('Parents', '/member/parents'),
    leaf('Add Family', '/family/add'),
    CLASSES_GROUPS,
  ];

  const menu: MenuEntry[] = [
    DASHBOARD,
    section('Members', members),
    section('Learning', [COURSES, leaf('Approve Course', '/learning/approve-course'), LIBRARY]),
    BUILD_MY_BIZ,
    section('My Schedule', [WEEKLY, DAILY]),
    section('Plans / Payments', [
      leaf('Plan Builder', '/studentbilling/planbuilder'),
      leaf('Plan Widget', '/studentbilling/planwidget'),
      leaf('Login Widget', '/studentbilling/loginwidget'),
      leaf('Student Login Widget', '/studentbilling/studentWidget'),
      leaf('Invoicing', '/studentbilling/invoiceList', ['/studentbilling/newInvoice', '/studentbilling/recuringInvoice']),
    ]),
    section('Reports & Info', [
      ATTENDANCE,
      SCHOOL_PAYMENTS,
      ...(payroll ? [PAYROLL, APPROVED_PAYROLL] : []),
      leaf('New Widget Students', '/reporting/approvedStudent'),
      leaf('Student Report', '/reporting/student'),
      COMMUNICATION_LOG,
    ]),
    leaf('Group Email', '/email'),
  ];

  if (ctx.showStore) {
    menu.push(
      isAdmin
        ? section('Store', [
            leaf('Product Listing', '/stores/product-listing'),
            leaf('Inventory', '/stores/stocks'),
          ])
        : leaf('Store', '/stores/product-listing'),
    );
  }
  return menu;
}

function teacherMenu(): MenuEntry[] {
  return [
    DASHBOARD,
    section('Members', [STUDENTS, CLASSES_GROUPS]),
    section('Learning', [COURSES, PRACTICE, LIBRARY]),
    BUILD_MY_BIZ,
    section('My Schedule', [WEEKLY, DAILY]),
    section('Reports', [ATTENDANCE, SCHOOL_PAYMENTS, COMMUNICATION_LOG]),
  ];
}

function studentMenu(): MenuEntry[] {
  return [
    // docs/domains/roles-and-navigation.md "Screens and routes": a Dashboard group (Courses, Practice, Library). The group opens on the
    // dashboard itself, so a student reaches home from the menu as every other role does.
    section('Dashboard', [DASHBOARD, COURSES, PRACTICE, LIBRARY]),
    section('My Schedule', [WEEKLY, MONTHLY]),
    PAYMENT_BILLING,
    section('Reports', [ATTENDANCE, FAMILY_PAYMENTS, STUDENT_PRACTICE, COMMUNICATION_LOG]),
  ];
}

function parentMenu(): MenuEntry[] {
  return [
    section('Members', [leaf('Children', '/member/children')]),
    leaf('Calendar', '/scheduling/family'),
    PAYMENT_BILLING,
    section('Reports', [ATTENDANCE, FAMILY_PAYMENTS, STUDENT_PRACTICE, COMMUNICATION_LOG]),
  ];
}

function fullMenu(ctx: MenuContext): MenuEntry[] {
  switch (ctx.role) {
    case 'superadmin':
      return superadminMenu();
    case 'admin':
    case 'subadmin':
      return schoolStaffMenu(ctx);
    case 'teacher':
      return teacherMenu();
    case 'student':
      return studentMenu();
    case 'parent':
      return parentMenu();
    default:
      return [];
  }
}

/** Drops leaves without a page yet (`hasPage` gets the leaf's path) and sections left empty. */
function prune(entries: MenuEntry[], hasPage: (path: string) => boolean): MenuEntry[] {
  const kept: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry.children) {
      const children = prune(entry.children, hasPage);
      if (children.length > 0) kept.push({ label: entry.label, children });
    } else if (entry.path !== undefined && hasPage(entry.path)) {
      kept.push(entry);
    }
  }
  return kept;
}

export function menuFor(
  ctx: MenuContext,
  hasPage: (path: string) => boolean = () => true,
): MenuEntry[] {
  return prune(fullMenu(ctx), hasPage);
}

/** Every leaf path of the menu before filtering, in menu order. */
export function menuEntryPaths(ctx: MenuContext): string[] {
  const paths: string[] = [];
  const walk = (entries: MenuEntry[]): void => {
    for (const entry of entries) {
      if (entry.path !== undefined) paths.push(entry.path);
      if (entry.children) walk(entry.children);
    }
  };
  walk(fullMenu(ctx));
  return paths;
}

/** Students, and staff impersonating a student: `role` is already the impersonated one. */
export function showPracticeTimer(ctx: MenuContext): boolean {
  return ctx.role === 'student';
}

const SUPPORT_VIEWERS: readonly Role[] = STAFF_OR_PROVIDER_ROLES;

/**
 * "Shows only to superadmin, admin or subadmin not impersonating a teacher or student": the real
 * user (the actor when impersonating) must be staff, and the user being shown must not be a
 * teacher or student. So an admin acting as a parent still sees it; a parent acting as a child,
 * a teacher acting as a student, or a staff member acting as a teacher does not.
 */
export function showSupportLink(ctx: MenuContext): boolean {
  const realRole = ctx.actorRole ?? ctx.role;
  return SUPPORT_VIEWERS.includes(realRole) && ctx.role !== 'teacher' && ctx.role !== 'student';
}
