import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth';
import { readCookie, TOKEN_COOKIE } from '../../lib/cookies';
import { USER_KEY } from '../../lib/session';
import { fakeFetch, type Answer } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import LoginPage from './LoginPage';
import { loginValidation } from './lazyValidation';
import { patient } from '../../../tests/patience';

function renderLogin(path = '/login') {
  return renderWithApp(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/dashboard" element={<p>Dashboard home</p>} />
      <Route path="/plan-registration/:id" element={<p>Plan page</p>} />
    </Routes>,
    { path },
  );
}

const answer = (status: number, body: Answer) => fakeFetch(() => ({ ...body, status }));

// Validation code loads on first use (lazyValidation.ts): the first check may take a moment.
const SLOW = { timeout: patient(5000) };
const username = () => screen.getByLabelText('Username');
const password = () => screen.getByLabelText('Password');
const signIn = () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

/** The message shown under a field, found through the field's aria-describedby. */
function messageOf(input: HTMLElement): string | null | undefined {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).find(Boolean);
}

describe('LoginPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the welcome text, the fields and the marketing card', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Welcome to Cadenza' })).toBeTruthy();
    expect(screen.getByText('Sign in to run your music school')).toBeTruthy();
    expect(username()).toBeTruthy();
    expect(password()).toBeTruthy();
    expect(screen.getByLabelText('Remember Me')).toBeTruthy();
    expect(screen.getByRole('complementary')).toBeTruthy();
  });

  it('promises only what Cadenza does today (no billing, practice, payroll or group email)', () => {
    renderLogin();
    const card = screen.getByRole('complementary').textContent ?? '';
    expect(card).toMatch(/attendance/i);
    for (const missing of [/billing/i, /invoice/i, /practice/i, /payroll/i, /group email/i, /payment/i]) expect(card).not.toMatch(missing);
  });

  it('requires a username and a password', async () => {
    renderLogin();
    signIn();
    expect(await screen.findByText(AUTH_MESSAGES.usernameRequired, {}, SLOW)).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeTruthy();
    expect(username().getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(username())).toBe(AUTH_MESSAGES.usernameRequired);
  });

  it('focuses the first invalid field', async () => {
    renderLogin();
    signIn();
    await screen.findByText(AUTH_MESSAGES.usernameRequired, {}, SLOW);
    expect(document.activeElement).toBe(username());
  });

  it('checks nothing before the first submit, then each field again as it changes', async () => {
    const checks = vi.spyOn(loginValidation, 'validate');
    renderLogin();
    fireEvent.change(username(), { target: { value: ' ada' } });
    // No check even starts before a submit, so none can land later.
    expect(checks).not.toHaveBeenCalled();
    expect(screen.queryByText(AUTH_MESSAGES.leadingWhitespace)).toBeNull();

    signIn();
    expect(await screen.findByText(AUTH_MESSAGES.leadingWhitespace, {}, SLOW)).toBeTruthy();
    expect(checks).toHaveBeenCalled(); // the spy is the form's validator
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeTruthy();

    fireEvent.change(username(), { target: { value: 'ada' } });
    await waitFor(() => expect(screen.queryByText(AUTH_MESSAGES.leadingWhitespace)).toBeNull());
    expect(username().getAttribute('aria-invalid')).not.toBe('true');
    // Changing one field leaves the other's message alone.
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeTruthy();

    fireEvent.change(password(), { target: { value: 'secret' } });
    await waitFor(() => expect(screen.queryByText(AUTH_MESSAGES.passwordRequired)).toBeNull());
    fireEvent.change(password(), { target: { value: '' } });
    expect(await screen.findByText(AUTH_MESSAGES.passwordRequired)).toBeTruthy();
  });

  it('refuses a username starting with a space', async () => {
    renderLogin();
    fireEvent.change(username(), { target: { value: ' ada' } });
    fireEvent.change(password(), { target: { value: 'secret' } });
    signIn();
    expect(await screen.findByText(AUTH_MESSAGES.leadingWhitespace, {}, SLOW)).toBeTruthy();
  });

  it('puts "User Not Found" under the username and other failures under the password', async () => {
    answer(400, { status: 400, message: AUTH_MESSAGES.userNotFound, data: null });
    renderLogin();
    fireEvent.change(username(), { target: { value: 'nobody' } });
    fireEvent.change(password(), { target: { value: 'secret' } });
    signIn();
    await waitFor(() => expect(messageOf(username())).toBe(AUTH_MESSAGES.userNotFound), SLOW);

    answer(429, { status: 429, message: AUTH_MESSAGES.tooManyLogins, data: null });
    signIn();
    await waitFor(() => expect(messageOf(password())).toBe(AUTH_MESSAGES.tooManyLogins));
  });

  it('keeps a server message until its field changes', async () => {
    answer(400, { status: 400, message: AUTH_MESSAGES.userNotFound, data: null });
    renderLogin();
    fireEvent.change(username(), { target: { value: 'nobody' } });
    fireEvent.change(password(), { target: { value: 'secret' } });
    signIn();
    await waitFor(() => expect(messageOf(username())).toBe(AUTH_MESSAGES.userNotFound), SLOW);
    expect(document.activeElement).toBe(username());

    // The other field's checks land (its message comes and goes); the server message stays.
    fireEvent.change(password(), { target: { value: '' } });
    await waitFor(() => expect(messageOf(password())).toBe(AUTH_MESSAGES.passwordRequired));
    expect(messageOf(username())).toBe(AUTH_MESSAGES.userNotFound);
    fireEvent.change(password(), { target: { value: 'secret2' } });
    await waitFor(() => expect(messageOf(password())).toBeUndefined());
    expect(messageOf(username())).toBe(AUTH_MESSAGES.userNotFound);

    fireEvent.change(username(), { target: { value: 'somebody' } });
    await waitFor(() => expect(username().getAttribute('aria-invalid')).not.toBe('true'));
    expect(screen.queryByText(AUTH_MESSAGES.userNotFound)).toBeNull();
  });

  it('shows the button loading while the sign-in is on its way, and sends Remember Me', async () => {
    let respond: (answer: Answer) => void = () => undefined;
    const fetchMock = fakeFetch(() => new Promise<Answer>((resolve) => (respond = resolve)));
    renderLogin();
    fireEvent.change(username(), { target: { value: 'admin' } });
    fireEvent.change(password(), { target: { value: 'Demo@12345' } });
    fireEvent.click(screen.getByLabelText('Remember Me'));
    signIn();

    const button = screen.getByRole('button', { name: 'Sign In' });
    await waitFor(() => expect(button.getAttribute('data-loading')).toBe('true'), SLOW);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ username: 'admin', password: 'Demo@12345', remember: true });

    respond({ status: 401, message: AUTH_MESSAGES.wrongPassword, data: null });
    await waitFor(() => expect(messageOf(password())).toBe(AUTH_MESSAGES.wrongPassword));
    expect(button.getAttribute('data-loading')).toBeNull();
  });

  const admin = {
    _id: 'a1', username: 'admin', email: null, first_name: 'Ada', last_name: 'Admin', role: 'admin',
    addrole: 'School', adminId: null, school_name: 'Harmony', showStore: false,
    allow_payroll_report: false, emailVerified: true,
  };
  const signInAsAdmin = async (path: string) => {
    answer(200, { status: 200, message: 'Login Successfully', data: { token: 'tok', user: admin, actor: null } });
    renderLogin(path);
    fireEvent.change(username(), { target: { value: 'admin' } });
    fireEvent.change(password(), { target: { value: 'Demo@12345' } });
    signIn();
  };

  it('returns to the page the visitor came from (?next=) after signing in', async () => {
    await signInAsAdmin(`/login?next=${encodeURIComponent('/plan-registration/p1')}`);
    expect(await screen.findByText('Plan page', {}, SLOW)).toBeTruthy();
  });

  it('refuses a return-to of another site and goes home instead (no open redirect)', async () => {
    await signInAsAdmin(`/login?next=${encodeURIComponent('//evil.example/plan-registration/p1')}`);
    expect(await screen.findByText('Dashboard home', {}, SLOW)).toBeTruthy();
  });

  it('stores the session and goes home on success', async () => {
    const user = admin;
    answer(200, { status: 200, message: 'Login Successfully', data: { token: 'tok', user, actor: null } });
    renderLogin();
    fireEvent.change(username(), { target: { value: 'admin' } });
    fireEvent.change(password(), { target: { value: 'Demo@12345' } });
    signIn();

    expect(await screen.findByText('Dashboard home', {}, SLOW)).toBeTruthy();
    expect(readCookie(TOKEN_COOKIE)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? '{}').username).toBe('admin');
  });

  it('switches to the forgot-password view and back without changing the address', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password' }));
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(AUTH_MESSAGES.usernameOrEmailRequired, {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { name: 'Welcome to Cadenza' })).toBeTruthy();
  });
});
