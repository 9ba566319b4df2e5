import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../shared/contracts/auth';
import { TOKEN_COOKIE, writeCookie } from '../../lib/cookies';
import { USER_KEY } from '../../lib/session';
import { renderWithApp } from '../../test/render';
import ChildrenPage from './ChildrenPage';

const parent: SessionUser = {
  _id: 'p1', username: 'parent', email: 'grace@example.com', first_name: 'Grace', last_name: 'Chen',
  role: 'parent', addrole: null, adminId: 'a1', school_name: 'Riverside', showStore: false,
  allow_payroll_report: false, emailVerified: false,
};

function renderAs(user: SessionUser) {
  writeCookie(TOKEN_COOKIE, 'tok');
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ status: 200, message: 'OK', data: { results: [] } }))));
  return renderWithApp(<ChildrenPage />, { path: '/member/children' });
}

describe('ChildrenPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a parent with an unverified address to verify it', async () => {
    renderAs(parent);
    expect(await screen.findByText('No children linked yet')).toBeTruthy();
    expect(screen.getByText('Please verify your email address')).toBeTruthy();
    expect(screen.getByText(/grace@example\.com/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeTruthy();
  });

  it('says nothing about it once the address is verified', async () => {
    renderAs({ ...parent, emailVerified: true });
    expect(await screen.findByText('No children linked yet')).toBeTruthy();
    expect(screen.queryByText('Please verify your email address')).toBeNull();
  });
});
