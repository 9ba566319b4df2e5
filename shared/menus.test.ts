import { describe, it, expect } from 'vitest';
import {
  menuEntryPaths,
  menuFor,
  showPracticeTimer,
  showSupportLink,
  type MenuContext,
  type MenuEntry,
} from './menus.js';
import { ROUTE_TABLES, matchRoute, pathMatches, routesFor } from './routes.js';
import { ROLES, type Role } from './roles.js';

/** The menus of docs/domains/roles-and-navigation.md: labels and paths (not the pages each leaf also shows active on). */
const labelsAndPaths = (entries: MenuEntry[]): MenuEntry[] =>
  entries.map(({ label, path, children }) => (children ? { label, children: labelsAndPaths(children) } : { label, path }));

function ctx(role: Role, more: Partial<MenuContext> = {}): MenuContext {
  const defaults = { addrole: null, showStore: false, allowPayrollReport: false, actorRole: null };
  return { role, ...defaults, ...more };
}

/** Every menu variant the flags can produce. */
const CONTEXTS: MenuContext[] = [
  ctx('superadmin'),
  ctx('admin', { addrole: 'School' }),
  ctx('admin', { addrole: 'School', showStore: true }),
  ctx('admin', { addrole: 'Private teacher', showStore: true }),
  ctx('subadmin'),
  ctx('subadmin', { allowPayrollReport: true, showStore: true }),
  ctx('teacher'),
  ctx('student'),
  ctx('parent'),
];

const adminMenu = ({ members, reports }: { members: MenuEntry[]; reports: MenuEntry[] }) => [
  { label: 'Dashboard', path: '/dashboard' },
  { label: 'Members', children: members },
  {
    label: 'Learning',
    children: [
      { label: 'Courses', path: '/learning/courses' },
      { label: 'Approve Course', path: '/learning/approve-course' },
      { label: 'Library', path: '/learning/library' },
    ],
  },
  { label: 'Build My Biz', path: '/MyBizNew' },
  {
    label: 'My Schedule',
    children: [
      { label: 'Weekly', path: '/scheduling/weekly' },
      { label: 'Daily', path: '/scheduling/daily' },
    ],
  },
  {
    label: 'Plans / Payments',
    children: [
      { label: 'Plan Builder', path: '/studentbilling/planbuilder' },
      { label: 'Plan Widget', path: '/studentbilling/planwidget' },
      { label: 'Login Widget', path: '/studentbilling/loginwidget' },
      { label: 'Student Login Widget', path: '/studentbilling/studentWidget' },
      { label: 'Invoicing', path: '/studentbilling/invoiceList' },
    ],
  },
  { label: 'Reports & Info', children: reports },
  { label: 'Group Email', path: '/email' },
];

const SCHOOL_MEMBERS = [
  { label: 'Students', path: '/member/students' },
  { label: 'Parents', path: '/member/parents' },
  { label: 'Add Family', path: '/family/add' },
  { label: 'Classes/Groups', path: '/member/classes-group' },
];
const SUB_ADMINS = { label: 'Sub Admins', path: '/member/sub-admins' };
const TEACHERS = { label: 'Teachers', path: '/member/teachers' };

const REPORTS_WITH_PAYROLL = [
  { label: 'Attendance', path: '/reporting/attendance' },
  { label: 'Payments', path: '/reports/payment-reporting' },
  { label: 'Payroll', path: '/reporting/payrolls' },
  { label: 'Approved Payroll', path: '/reporting/aproovedPayrolls' },
  { label: 'New Widget Students', path: '/reporting/approvedStudent' },
  { label: 'Student Report', path: '/reporting/student' },
  { label: 'Communication Log', path: '/reporting/communication-log' },
];
const REPORTS_WITHOUT_PAYROLL = REPORTS_WITH_PAYROLL.filter(
  (entry) => entry.label !== 'Payroll' && entry.label !== 'Approved Payroll',
);

const FAMILY_REPORTS = {
  label: 'Reports',
  children: [
    { label: 'Attendance', path: '/reporting/attendance' },
    { label: 'Payments', path: '/reporting/payments' },
    { label: 'Student Practice', path: '/reporting/student-practice' },
    { label: 'Communication Log', path: '/reporting/communication-log' },
  ],
};

describe('menuFor', () => {
  it('gives the superadmin menu', () => {
    expect(labelsAndPaths(menuFor(ctx('superadmin')))).toEqual([
      { label: 'Dashboard', path: '/dashboard' },
      {
        label: 'Members',
        children: [
          { label: 'Schools', path: '/member/list-school' },
          { label: 'Private Teachers', path: '/member/private-teacher' },
        ],
      },
      {
        label: 'Learning',
        children: [
          { label: 'Courses', path: '/learning/courses' },
          { label: 'Library', path: '/learning/library' },
        ],
      },
      { label: 'Build My Biz', path: '/MyBiz/category/1' },
      {
        label: 'Store',
        children: [
          { label: 'Order Listing', path: '/stores/order-listing/1' },
          { label: 'Seller', path: '/stores/seller' },
        ],
      },
      {
        label: 'School Billing',
        children: [
          { label: 'Plan Builder', path: '/schoolbilling/planbuilder' },
          { label: 'Book Plan', path: '/schoolbilling/bookplan' },
        ],
      },
      {
        label: 'Reports & Info',
        children: [{ label: 'Payment Report', path: '/reports/payment-reporting' }],
      },
      { label: 'Quizzes', path: '/quizzes' },
      {
        label: 'Musical Interactives',
        children: [{ label: 'Ear Trainer', path: '/musicalInteractives/earTrainer' }],
      },
    ]);
  });

  it('gives a school admin the full admin menu, without Store unless showStore', () => {
    const expected = adminMenu({
      members: [SUB_ADMINS, TEACHERS, ...SCHOOL_MEMBERS],
      reports: REPORTS_WITH_PAYROLL,
    });
    expect(labelsAndPaths(menuFor(ctx('admin', { addrole: 'School' })))).toEqual(expected);
    // An admin without addrole is a school too; allow_payroll_report concerns subadmins only.
    expect(labelsAndPaths(menuFor(ctx('admin')))).toEqual(expected);
  });

  it('adds the Store section for an admin with showStore', () => {
    expect(labelsAndPaths(menuFor(ctx('admin', { addrole: 'School', showStore: true })))).toEqual([
      ...adminMenu({
        members: [SUB_ADMINS, TEACHERS, ...SCHOOL_MEMBERS],
        reports: REPORTS_WITH_PAYROLL,
      }),
      {
        label: 'Store',
        children: [
          { label: 'Product Listing', path: '/stores/product-listing' },
          { label: 'Inventory', path: '/stores/stocks' },
        ],
      },
    ]);
  });

  it('takes Sub Admins and Teachers away from a private teacher', () => {
    expect(labelsAndPaths(menuFor(ctx('admin', { addrole: 'Private teacher' })))).toEqual(
      adminMenu({ members: SCHOOL_MEMBERS, reports: REPORTS_WITH_PAYROLL }),
    );
  });

  it('gives a subadmin the admin menu without Sub Admins and payroll', () => {
    expect(labelsAndPaths(menuFor(ctx('subadmin')))).toEqual(
      adminMenu({ members: [TEACHERS, ...SCHOOL_MEMBERS], reports: REPORTS_WITHOUT_PAYROLL }),
    );
  });

  it('shows payroll to a subadmin with allow_payroll_report, and Store as a single link', () => {
    expect(labelsAndPaths(menuFor(ctx('subadmin', { allowPayrollReport: true, showStore: true })))).toEqual([
      ...adminMenu({ members: [TEACHERS, ...SCHOOL_MEMBERS], reports: REPORTS_WITH_PAYROLL }),
      { label: 'Store', path: '/stores/product-listing' },
    ]);
  });

  it('gives the teacher menu', () => {
    expect(labelsAndPaths(menuFor(ctx('teacher')))).toEqual([
      { label: 'Dashboard', path: '/dashboard' },
      {
        label: 'Members',
        children: [
          { label: 'Students', path: '/member/students' },
          { label: 'Classes/Groups', path: '/member/classes-group' },
        ],
      },
      {
        label: 'Learning',
        children: [
          { label: 'Courses', path: '/learning/courses' },
          { label: 'Practice', path: '/learning/practice' },
          { label: 'Library', path: '/learning/library' },
        ],
      },
      { label: 'Build My Biz', path: '/MyBizNew' },
      {
        label: 'My Schedule',
        children: [
          { label: 'Weekly', path: '/scheduling/weekly' },
          { label: 'Daily', path: '/scheduling/daily' },
        ],
      },
      {
        label: 'Reports',
        children: [
          { label: 'Attendance', path: '/reporting/attendance' },
          { label: 'Payments', path: '/reports/payment-reporting' },
          { label: 'Communication Log', path: '/reporting/communication-log' },
        ],
      },
    ]);
  });

  it('gives the student menu, whose Dashboard is a section', () => {
    expect(labelsAndPaths(menuFor(ctx('student')))).toEqual([
      {
        label: 'Dashboard',
        children: [
          { label: 'Dashboard', path: '/dashboard' },
          { label: 'Courses', path: '/learning/courses' },
          { label: 'Practice', path: '/learning/practice' },
          { label: 'Library', path: '/learning/library' },
        ],
      },
      {
        label: 'My Schedule',
        children: [
          { label: 'Weekly', path: '/scheduling/weekly' },
          { label: 'Monthly', path: '/scheduling/monthly' },
        ],
      },
      { label: 'Payment / Billing', path: '/paymentBilling' },
      FAMILY_REPORTS,
    ]);
  });

  it('gives the parent menu', () => {
    expect(labelsAndPaths(menuFor(ctx('parent')))).toEqual([
      { label: 'Members', children: [{ label: 'Children', path: '/member/children' }] },
      { label: 'Calendar', path: '/scheduling/family' },
      { label: 'Payment / Billing', path: '/paymentBilling' },
      FAMILY_REPORTS,
    ]);
  });

  it('follows the impersonated role, not the actor', () => {
    expect(menuFor(ctx('student', { actorRole: 'admin' }))).toEqual(menuFor(ctx('student')));
    expect(menuFor(ctx('parent', { actorRole: 'superadmin' }))).toEqual(menuFor(ctx('parent')));
  });

  it('gives an unknown role no menu', () => {
    expect(labelsAndPaths(menuFor(ctx('janitor' as Role)))).toEqual([]);
    expect(menuEntryPaths(ctx('janitor' as Role))).toEqual([]);
  });
});

describe('menuFor with hasPage', () => {
  it('drops entries without a page and sections left empty', () => {
    const built = new Set(['/dashboard', '/learning/courses', '/member/children']);
    expect(labelsAndPaths(menuFor(ctx('teacher'), (path) => built.has(path)))).toEqual([
      { label: 'Dashboard', path: '/dashboard' },
      { label: 'Learning', children: [{ label: 'Courses', path: '/learning/courses' }] },
    ]);
    expect(labelsAndPaths(menuFor(ctx('parent'), (path) => built.has(path)))).toEqual([
      { label: 'Members', children: [{ label: 'Children', path: '/member/children' }] },
    ]);
  });

  it('hands hasPage the concrete path of each leaf, in menu order', () => {
    const asked: string[] = [];
    menuFor(ctx('superadmin'), (path) => {
      asked.push(path);
      return false;
    });
    expect(asked).toEqual(menuEntryPaths(ctx('superadmin')));
    expect(asked).toContain('/MyBiz/category/1');
    expect(labelsAndPaths(menuFor(ctx('superadmin'), () => false))).toEqual([]);
  });

  it('does not change the shared entries when filtering', () => {
    menuFor(ctx('admin', { showStore: true }), () => false);
    expect(menuEntryPaths(ctx('admin', { showStore: true }))).toContain('/stores/stocks');
    expect(labelsAndPaths(menuFor(ctx('admin', { showStore: true }))).at(-1)?.children).toHaveLength(2);
  });
});

describe('menus and route tables', () => {
  it.each(CONTEXTS.map((c) => [`${c.role} ${JSON.stringify(c)}`, c] as const))(
    'every menu link of %s is in the role route table',
    (_name, c) => {
      const missing = menuEntryPaths(c).filter((path) => !matchRoute(c.role, path));
      expect(missing).toEqual([]);
    },
  );

  it('links to a pattern only where the route table gives a parameter', () => {
    const throughParameter = new Set([
      '/MyBiz/category/1',
      '/stores/order-listing/1',
      '/family/add',
    ]);
    for (const c of CONTEXTS) {
      const exact = new Set(routesFor(c.role).map((route) => route.path));
      const others = menuEntryPaths(c).filter(
        (path) => !exact.has(path) && !throughParameter.has(path),
      );
      expect(others).toEqual([]);
    }
  });

  it('has no duplicate paths and a title on every route', () => {
    for (const role of ROLES) {
      const paths = ROUTE_TABLES[role].map((route) => route.path);
      expect(new Set(paths).size).toBe(paths.length);
      for (const route of ROUTE_TABLES[role]) {
        expect(route.path).toMatch(/^\/[^{}]*$/);
        expect(route.title.trim()).not.toBe('');
      }
    }
  });

  it('includes /dashboard for every role but parent, and /profile for every role', () => {
    for (const role of ROLES) {
      const paths = routesFor(role).map((route) => route.path);
      expect(paths.includes('/dashboard')).toBe(role !== 'parent');
      expect(paths).toContain('/profile');
    }
    expect(routesFor('parent').map((route) => route.path)).toContain('/member/children');
  });

  it('keeps superadmin-only and admin-only pages to their roles', () => {
    const has = (role: Role, path: string) => routesFor(role).some((route) => route.path === path);
    for (const path of [
      '/member/list-school',
      '/schoolbilling/planbuilder',
      '/stores/seller',
      '/MyBiz/category/:id',
    ]) {
      expect(ROLES.filter((role) => has(role, path))).toEqual(['superadmin']);
    }
    for (const path of [
      '/member/sub-admins',
      '/studentbilling/approveplan',
      '/studentbilling/groupplans',
      '/studentbilling/storebuilder',
      '/studentbilling/storewidget',
      '/stores/stocks',
    ]) {
      expect(ROLES.filter((role) => has(role, path))).toEqual(['admin']);
    }
  });

  it('derives the subadmin table from the admin one as docs/domains/roles-and-navigation.md says', () => {
    const admin = routesFor('admin').map((route) => route.path);
    const subadmin = routesFor('subadmin').map((route) => route.path);
    expect(admin.filter((path) => !subadmin.includes(path)).sort()).toEqual(
      [
        '/learning/view-practice/:id',
        '/member/sub-admins',
        '/stores/stocks',
        '/studentbilling/approveplan',
        '/studentbilling/groupplans',
        '/studentbilling/storebuilder',
        '/studentbilling/storewidget',
      ].sort(),
    );
    expect(subadmin.filter((path) => !admin.includes(path))).toEqual(['/scheduling/monthly']);
    expect(subadmin).toEqual(
      expect.arrayContaining([
        '/reporting/payrolls',
        '/reporting/aproovedPayrolls',
        '/reporting/approvedStudent',
        '/reporting/payrollReport',
      ]),
    );
  });

  it('lets only teachers assign practice', () => {
    const assigning = ROLES.filter((role) =>
      matchRoute(role, '/learning/assign-practice-update/p1'),
    );
    expect(assigning).toEqual(['teacher']);
  });
});

describe('routesFor and matchRoute', () => {
  it('gives an unknown or missing role no routes', () => {
    expect(routesFor(undefined)).toEqual([]);
    expect(routesFor(null)).toEqual([]);
    expect(routesFor('janitor')).toEqual([]);
    expect(matchRoute('janitor', '/dashboard')).toBeUndefined();
  });

  it('matches parameters against one non-empty segment', () => {
    expect(matchRoute('admin', '/member/students/abc')).toEqual({
      path: '/member/:slug/:id',
      title: 'Member Details',
    });
    expect(matchRoute('superadmin', '/superadmin/view-school-details/42')?.path).toBe(
      '/superadmin/view-school-details/:id',
    );
    expect(matchRoute('admin', '/learning/lesson_details/l1/c9')?.path).toBe(
      '/learning/lesson_details/:lessonID/:id',
    );
    expect(matchRoute('teacher', '/learning/assign-practice-update/pa7')?.path).toBe(
      '/learning/assign-practice-update/:practiceAssign_Id',
    );
    expect(matchRoute('superadmin', '/superadmin/view-school-details')).toBeUndefined();
    expect(matchRoute('superadmin', '/superadmin/view-school-details/42/more')).toBeUndefined();
    expect(pathMatches('/user/:slug/:id', '/user//7')).toBe(false);
  });

  it('matches static paths exactly, ignoring a trailing slash', () => {
    expect(matchRoute('teacher', '/dashboard')?.title).toBe('Dashboard');
    expect(matchRoute('teacher', '/dashboard/')?.title).toBe('Dashboard');
    expect(matchRoute('teacher', '/dashboards')).toBeUndefined();
    expect(matchRoute('parent', '/dashboard')).toBeUndefined();
    expect(matchRoute('parent', '/member/children')?.title).toBe('Children');
  });

  it('prefers a static route to a parameter, as React Router does', () => {
    expect(matchRoute('admin', '/reports/payment-reporting')?.title).toBe('Payment Report');
    expect(matchRoute('admin', '/reports/attendance')?.path).toBe('/reports/:slug');
  });

  it('compares static segments without case, as React Router does by default', () => {
    expect(matchRoute('student', '/PaymentBilling')?.path).toBe('/paymentBilling');
  });

  it('chooses the table of the role given, so impersonation passes the impersonated role', () => {
    expect(matchRoute('student', '/member/students')).toBeUndefined();
    expect(matchRoute('admin', '/member/students')?.title).toBe('Students');
  });
});

describe('showPracticeTimer', () => {
  it.each([
    [ctx('student'), true],
    [ctx('student', { actorRole: 'admin' }), true],
    [ctx('student', { actorRole: 'teacher' }), true],
    [ctx('student', { actorRole: 'parent' }), true],
    [ctx('teacher'), false],
    [ctx('parent'), false],
    [ctx('admin'), false],
    [ctx('superadmin'), false],
    [ctx('teacher', { actorRole: 'admin' }), false],
  ] as const)('%o -> %s', (c, expected) => {
    expect(showPracticeTimer(c)).toBe(expected);
  });
});

describe('showSupportLink', () => {
  it.each([
    [ctx('superadmin'), true],
    [ctx('admin'), true],
    [ctx('admin', { addrole: 'Private teacher' }), true],
    [ctx('subadmin'), true],
    [ctx('teacher'), false],
    [ctx('student'), false],
    [ctx('parent'), false],
    [ctx('admin', { actorRole: 'superadmin' }), true],
    [ctx('subadmin', { actorRole: 'admin' }), true],
    [ctx('parent', { actorRole: 'superadmin' }), true],
    [ctx('parent', { actorRole: 'subadmin' }), true],
    [ctx('teacher', { actorRole: 'superadmin' }), false],
    [ctx('teacher', { actorRole: 'admin' }), false],
    [ctx('student', { actorRole: 'admin' }), false],
    [ctx('student', { actorRole: 'subadmin' }), false],
    [ctx('student', { actorRole: 'teacher' }), false],
    [ctx('student', { actorRole: 'parent' }), false],
  ] as const)('%o -> %s', (c, expected) => {
    expect(showSupportLink(c)).toBe(expected);
  });

  it('is shown only where the shown role has a /support route', () => {
    for (const c of CONTEXTS) {
      if (showSupportLink(c)) expect(matchRoute(c.role, '/support')).toBeDefined();
    }
  });
});
