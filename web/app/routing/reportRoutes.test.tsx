import { cleanup, screen, within } from '@testing-library/react';
import { type ComponentType } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../shared/roles';
import { routesFor } from '../../../shared/routes';
import { reportsPages } from '../../features/reports/pages';
import { OpenablePathsContext } from '../../lib/openablePaths';
import { sessionAs } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { PAGES } from '../pages';
import { mountedRoutes } from './mountedRoutes';
import { patient } from '../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });
afterEach(() => vi.restoreAllMocks());

let ReportsHubPage: ComponentType;
let UnknownReportPage: ComponentType;
beforeAll(async () => {
  ReportsHubPage = (await reportsPages.ReportsHubPage()).default;
  UnknownReportPage = (await reportsPages.UnknownReportPage()).default;
});

const pathsOf = (role: Role) => mountedRoutes(role).map((r) => r.path);

function hub(role: Role, overrides: Parameters<typeof sessionAs>[2] = {}, Page: ComponentType = ReportsHubPage) {
  cleanup();
  sessionAs(role, undefined, overrides);
  renderWithApp(
    <OpenablePathsContext.Provider value={pathsOf(role)}>
      <Page />
    </OpenablePathsContext.Provider>,
  );
  return screen.queryAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('/reports/{slug}', () => {
  it('opens each report a role has under its slug, the hub under `all`, and no report the role lacks', () => {
    const teacher = mountedRoutes('teacher');
    const bySlug = (path: string) => teacher.find((r) => r.path === path);
    expect(bySlug('/reports/student')).toMatchObject({ title: 'Student Report', Page: PAGES['/reporting/student'] });
    expect(bySlug('/reports/attendance')?.Page).toBe(PAGES['/reporting/attendance']);
    expect(bySlug('/reports/all')?.Page).toBe(PAGES['/reportings']);
    // A teacher has neither Student Practice nor New Widget Students: their slugs stay unknown.
    expect(bySlug('/reports/student-practice')).toBeUndefined();
    expect(bySlug('/reports/new-widget-students')).toBeUndefined();
    expect(bySlug('/reports/:slug')?.Page).toBe(PAGES['/reports/:slug']);
    // The concrete payment report route is kept once.
    expect(pathsOf('admin').filter((p) => p === '/reports/payment-reporting')).toHaveLength(1);
    // A parent's table has no /reports/{slug}, a student's neither: no aliases.
    expect(pathsOf('parent').some((p) => p.startsWith('/reports/'))).toBe(false);
    expect(pathsOf('student').some((p) => p.startsWith('/reports/'))).toBe(false);
  });

  it('shows an unknown slug a not-found state that leads back to the hub', () => {
    expect(hub('teacher', {}, UnknownReportPage)).toEqual([['See all reports', '/reports/all']]);
    expect(screen.getByText('Report not found')).toBeTruthy();
  });
});

describe('the reports hub', () => {
  it('gives an admin a card for each report with a page, by slug', () => {
    expect(hub('admin')).toEqual([
      ['Attendance', '/reports/attendance'],
      ['Payments', '/reports/payment-reporting'],
      ['Student Report', '/reports/student'],
      ['Communication Log', '/reports/communication-log'],
      ['New Widget Students', '/reports/new-widget-students'],
      ['Payroll', '/reports/payrolls'],
      ['Approved Payroll', '/reports/approved-payrolls'],
      ['Payroll Report', '/reports/payroll-report'],
    ]);
  });

  it('gives a teacher their reports and a parent theirs (by path: no /reports/{slug} in their table)', () => {
    expect(hub('teacher').map(([title]) => title)).toEqual(['Attendance', 'Payments', 'Student Report', 'Communication Log']);
    expect(hub('parent')).toEqual([
      ['Attendance', '/reporting/attendance'],
      ['Payments', '/reporting/payments'],
      ['Student Report', '/reporting/student'],
      ['Student Practice', '/reporting/student-practice'],
      ['Communication Log', '/reporting/communication-log'],
    ]);
  });

  it('never links to a page the role cannot open', () => {
    for (const role of ['superadmin', 'admin', 'subadmin', 'teacher', 'parent'] as Role[]) {
      const open = pathsOf(role);
      for (const [, href] of hub(role)) expect(open, `${role}: ${href}`).toContain(href);
    }
    expect(routesFor('student').some((r) => r.path === '/reportings')).toBe(false);
  });

  it('shows the superadmin their one report', () => {
    const links = hub('superadmin');
    expect(links).toEqual([['Payments', '/reports/payment-reporting']]);
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1);
  });
});
