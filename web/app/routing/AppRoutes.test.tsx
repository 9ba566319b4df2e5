import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../shared/contracts/auth';
import { TOKEN_COOKIE, writeCookie } from '../../lib/cookies';
import { USER_KEY } from '../../lib/session';
import { fakeServer } from '../../test/fakeApi';
import { AppProviders } from '../AppProviders';
import { queryClient } from '../queryClient';
import { AppRoutes } from './AppRoutes';
import { permissionsOf } from '../../../shared/permissions';
import { patient } from '../../../tests/patience';

const parent: SessionUser = {
  _id: 'p1', username: 'parent', email: 'grace@example.com', first_name: 'Grace', last_name: 'Chen',
  role: 'parent', addrole: null, adminId: 'a1', school_name: 'Riverside', showStore: false,
  allow_payroll_report: false, emailVerified: true,
  permissions: permissionsOf({ role: 'parent', addrole: null, showStore: false }),
};

/** Answers the two calls the parent's home makes. */
const serveParentHome = () => fakeServer(({ url }) => ({ data: url.endsWith('/auth/me') ? { user: parent, actor: null } : { results: [] } }));

function ShowPath() {
  const { pathname, search } = useLocation();
  return <output aria-label="path" data-search={search}>{pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <AppProviders env="test">
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <ShowPath />
      </MemoryRouter>
    </AppProviders>,
  );
}

// The first render of a lazy page compiles its module: give it more than the default second.
const LAZY = { timeout: patient(5000) };
const currentPath = () => screen.getByLabelText('path').textContent;

describe('AppRoutes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('sends a signed-out visitor of a signed-in page to /login', async () => {
    renderAt('/member/students');
    expect(await screen.findByRole('heading', { name: 'Welcome to Cadenza' }, LAZY)).toBeTruthy();
    expect(currentPath()).toBe('/login');
    expect(screen.getByLabelText('path').dataset.search).toBe(`?next=${encodeURIComponent('/member/students')}`);
    await waitFor(() => expect(document.title).toBe('Sign In | Cadenza'));
  });

  it('sends a signed-in parent from /login to their children, titled', async () => {
    writeCookie(TOKEN_COOKIE, 'tok');
    localStorage.setItem(USER_KEY, JSON.stringify(parent));
    serveParentHome();
    renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'My Children' }, LAZY)).toBeTruthy();
    expect(await screen.findByText('No children linked yet', {}, LAZY)).toBeTruthy();
    expect(currentPath()).toBe('/member/children');
    await waitFor(() => expect(document.title).toBe('Children | Cadenza'));
  });

  it('sends a signed-in user away from a page their role does not have', async () => {
    writeCookie(TOKEN_COOKIE, 'tok');
    localStorage.setItem(USER_KEY, JSON.stringify(parent));
    serveParentHome();
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'My Children' }, LAZY)).toBeTruthy();
    expect(currentPath()).toBe('/member/children');
  });
});
