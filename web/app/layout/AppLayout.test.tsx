import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../shared/contracts/auth';
import { TOKEN_COOKIE, writeCookie } from '../../lib/cookies';
import { USER_KEY } from '../../lib/session';
import { fakeServer } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { PAGES } from '../pages';
import AppLayout from './AppLayout';
import { permissionsOf } from '../../../shared/permissions';

const admin: SessionUser = {
  _id: 'a1', username: 'admin', email: 'ada@example.com', first_name: 'Ada', last_name: 'Admin',
  role: 'admin', addrole: 'School', adminId: null, school_name: 'Harmony', showStore: false,
  allow_payroll_report: false, emailVerified: true,
  permissions: permissionsOf({ role: 'admin', addrole: 'School', showStore: false }),
};
const student: SessionUser = { ...admin, _id: 's1', username: 'student', first_name: 'Lily', last_name: 'Chen', role: 'student', adminId: 'a1', addrole: null, permissions: permissionsOf({ role: 'student', addrole: null, showStore: false }) };

/** A client that has none of a role's menu pages yet (web/app/pages.ts) shows it an empty menu. */
const ALL_PAGES = { ...PAGES };
function emptyThePageRegistry() {
  for (const path of Object.keys(PAGES)) delete PAGES[path];
}

function renderLayoutAs(user: SessionUser) {
  writeCookie(TOKEN_COOKIE, 'tok');
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  fakeServer(() => ({ data: { user, actor: null } }));
  return renderWithApp(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/dashboard" element={<h1>Home page</h1>} />
      </Route>
    </Routes>,
    { path: '/dashboard' },
  );
}

describe('AppLayout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Object.assign(PAGES, ALL_PAGES);
  });

  it('shows the menu and its burger when the role has menu pages', async () => {
    renderLayoutAs(admin);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /navigation$/ })).toBeTruthy();
  });

  it('has no sidebar and no burger when the menu would be empty', async () => {
    emptyThePageRegistry();
    renderLayoutAs({ ...student, role: 'parent' });
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.queryByRole('button', { name: /navigation$/ })).toBeNull();
    // The header stays whole.
    expect(screen.getByRole('link', { name: 'Profile' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('leads home from the header’s name: a parent to their children, a student to the dashboard', async () => {
    const parent: SessionUser = { ...student, _id: 'p1', username: 'parent', first_name: 'Grace', role: 'parent', permissions: permissionsOf({ role: 'parent', addrole: null, showStore: false }) };
    const view = renderLayoutAs(parent);
    expect((await screen.findByRole('link', { name: 'Cadenza: home' })).getAttribute('href')).toBe('/member/children');
    view.unmount();
    renderLayoutAs(student);
    expect((await screen.findByRole('link', { name: 'Cadenza: home' })).getAttribute('href')).toBe('/dashboard');
  });

  it('shows the Practice Timer to a student and to staff acting as one, never to staff or teachers', async () => {
    const first = renderLayoutAs(student);
    expect(await screen.findByRole('region', { name: 'Practice Timer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
    first.unmount();
    const second = renderLayoutAs(admin);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Practice Timer' })).toBeNull();
    second.unmount();
    renderLayoutAs({ ...admin, _id: 't1', role: 'teacher' });
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Practice Timer' })).toBeNull();
  });

  it('gives a student the Dashboard group, which opens on the dashboard', async () => {
    renderLayoutAs(student);
    expect(await screen.findByRole('button', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
