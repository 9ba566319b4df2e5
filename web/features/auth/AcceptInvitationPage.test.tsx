import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth';
import { fakeFetch, type Answer } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { effectiveUser } from '../../lib/session';
import AcceptInvitationPage from './AcceptInvitationPage';
import { patient } from '../../../tests/patience';

const KEY = 'k'.repeat(43);
const SLOW = { timeout: patient(5000) };
const USER = {
  _id: 'u1', username: 'iris.moss', email: 'iris@example.test', first_name: 'Iris', last_name: 'Moss', role: 'student',
  addrole: null, adminId: 'a1', school_name: 'Riverside Music', showStore: false, allow_payroll_report: false, emailVerified: true,
};

function renderPage() {
  return renderWithApp(
    <Routes>
      <Route path="/acceptinvitation/:id" element={<AcceptInvitationPage />} />
      <Route path="/dashboard" element={<p>Student home</p>} />
      <Route path="/login" element={<p>Sign-in page</p>} />
    </Routes>,
    { path: `/acceptinvitation/${KEY}` },
  );
}

/** Answers by URL: the invitation, then the accept call. */
function server(accept: { status: number; body: Answer }, invitation: { status: number; body: Answer } = {
  status: 200, body: { status: 200, message: 'OK', data: { school_name: 'Riverside Music', username: 'iris.moss', first_name: 'Iris' } },
}) {
  return fakeFetch(({ url }) => {
    const r = url.endsWith('/auth/invitation') ? invitation : accept;
    return { ...r.body, status: r.status };
  });
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('AcceptInvitationPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('names the school and the username, sets the password and signs the person in', async () => {
    const fetchMock = server({ status: 200, body: { status: 200, message: AUTH_MESSAGES.invitationAccepted, data: { token: 't'.repeat(43), user: USER, actor: null } } });
    renderPage();
    expect(await screen.findByText('Riverside Music')).toBeTruthy();
    expect(screen.getByTestId('invited-username').textContent).toBe('iris.moss');
    type('New Password', 'Str0ng!pass');
    type('Confirm Password', 'Str0ng!pass');
    fireEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByText('Student home', {}, SLOW)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1]! as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/acceptInvitation');
    expect(JSON.parse(String(init.body))).toEqual({ id: KEY, newPassword: 'Str0ng!pass', confirm_password: 'Str0ng!pass' });
    expect(effectiveUser()?.username).toBe('iris.moss');
  });

  it('says so when the link is used or expired, with a way to sign in', async () => {
    server({ status: 500, body: {} }, { status: 400, body: { status: 400, message: AUTH_MESSAGES.invitationInvalid, data: null } });
    renderPage();
    expect(await screen.findByText(AUTH_MESSAGES.invitationInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy();
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });
});
