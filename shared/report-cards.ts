/**
 * The reports hub (/reportings, /reports/{slug}; issue 15): every report as a card with a slug.
 * A role is shown a card only when its route table opens the card's page (and, for payroll, when
 * the menu would show it: an admin, or a sub-admin with allow_payroll_report). `/reports/{slug}`
 * opens the same page as the card's path, for the roles whose table has `/reports/:slug`.
 */
export type ReportCard = {
  slug: string;
  title: string;
  /** One line of what the report shows. */
  description: string;
  /** The report's own page (a path of shared/routes.ts). */
  path: string;
  payroll?: boolean;
};

export const REPORT_CARDS: readonly ReportCard[] = [
  { slug: 'attendance', title: 'Attendance', description: 'Who came to which lesson, by period, teacher, student and status.', path: '/reporting/attendance' },
  { slug: 'payment-reporting', title: 'Payments', description: 'Payments and refunds received, with totals by month.', path: '/reports/payment-reporting' },
  { slug: 'payments', title: 'Payments', description: 'Payments and refunds of your invoices.', path: '/reporting/payments' },
  { slug: 'student', title: 'Student Report', description: 'Each student’s lessons, attendance, practice, invoices and instruments for a period.', path: '/reporting/student' },
  { slug: 'student-practice', title: 'Student Practice', description: 'Minutes practised a day, streaks and assignments.', path: '/reporting/student-practice' },
  { slug: 'communication-log', title: 'Communication Log', description: 'The emails sent and whether they were delivered.', path: '/reporting/communication-log' },
  { slug: 'new-widget-students', title: 'New Widget Students', description: 'Students who signed up through the widget, waiting for the school.', path: '/reporting/approvedStudent' },
  { slug: 'payrolls', title: 'Payroll', description: 'Teachers’ pay from the lessons they taught in a period.', path: '/reporting/payrolls', payroll: true },
  { slug: 'approved-payrolls', title: 'Approved Payroll', description: 'Approved payrolls by period and teacher.', path: '/reporting/aproovedPayrolls', payroll: true },
  { slug: 'payroll-report', title: 'Payroll Report', description: 'Approved payroll totals by teacher, with CSV and payslips.', path: '/reporting/payrollReport', payroll: true },
];

/** The hub's own slug under /reports/{slug}: the roles without /reportings (a teacher) reach the hub there. */
export const HUB_SLUG = 'all';
export const HUB_PATH = '/reportings';
export const SLUG_PATTERN = '/reports/:slug';

export const reportCardBySlug = (slug: string | undefined) => REPORT_CARDS.find((card) => card.slug === slug);

type HubContext = {
  role: string | null | undefined;
  allowPayrollReport: boolean;
  /** Whether the role's table has this route pattern and the client a page for it. */
  opens: (pattern: string) => boolean;
};

/** The cards a role may open, each with the link it follows (by slug where the role has /reports/{slug}). */
export function reportCardsFor(ctx: HubContext): (ReportCard & { href: string })[] {
  const bySlug = ctx.opens(SLUG_PATTERN);
  const payroll = ctx.role === 'admin' || (ctx.role === 'subadmin' && ctx.allowPayrollReport);
  return REPORT_CARDS.filter((card) => ctx.opens(card.path) && (!card.payroll || payroll))
    .map((card) => ({ ...card, href: bySlug ? `/reports/${card.slug}` : card.path }));
}

/** Where a role finds the hub, or null when it has none (a student). */
export function hubPathFor(opens: HubContext['opens']): string | null {
  if (opens(HUB_PATH)) return HUB_PATH;
  return opens(SLUG_PATTERN) ? `/reports/${HUB_SLUG}` : null;
}
