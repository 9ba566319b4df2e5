import { describe, expect, it } from 'vitest';
import { hubPathFor, reportCardsFor } from './report-cards.js';

const everything = () => true;
const slugs = (role: string, allowPayrollReport = false, opens: (p: string) => boolean = everything) =>
  reportCardsFor({ role, allowPayrollReport, opens }).map((c) => c.slug);

describe('report cards', () => {
  it('shows payroll cards to an admin and to a sub-admin only with allow_payroll_report', () => {
    expect(slugs('admin')).toContain('payrolls');
    expect(slugs('subadmin')).not.toContain('payrolls');
    expect(slugs('subadmin', true)).toEqual(expect.arrayContaining(['payrolls', 'approved-payrolls', 'payroll-report']));
    expect(slugs('teacher', true)).not.toContain('payrolls');
  });

  it('links by slug only where /reports/{slug} opens, and finds the hub', () => {
    const parentOpens = (p: string) => ['/reportings', '/reporting/student'].includes(p);
    expect(reportCardsFor({ role: 'parent', allowPayrollReport: false, opens: parentOpens })).toMatchObject([{ slug: 'student', href: '/reporting/student' }]);
    expect(hubPathFor(parentOpens)).toBe('/reportings');
    expect(hubPathFor((p) => p === '/reports/:slug')).toBe('/reports/all');
    expect(hubPathFor(() => false)).toBeNull();
  });
});
