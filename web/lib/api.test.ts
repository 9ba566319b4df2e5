import { notificationsStore } from '@mantine/notifications';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../shared/contracts/auth';
import { fakeFetch, type Answer } from '../test/fakeApi';
import { ApiError, api } from './api';
import { LOGIN_AS_TOKEN_COOKIE, TOKEN_COOKIE, readCookie, writeCookie } from './cookies';
import { registerNavigator, registerReloader } from './navigation';
import { LOGIN_AS_USER_KEY, USER_KEY, readSession } from './session';
import { permissionsOf } from '../../shared/permissions';

// The client moves and reloads the page through these seams (jsdom can do neither).
const reloadPage = vi.fn();
const navigateTo = vi.fn();

const admin: SessionUser = {
  _id: 'a1', username: 'admin', email: 'admin@example.com', first_name: 'Ada', last_name: 'Admin',
  role: 'admin', addrole: 'School', adminId: null, school_name: 'Harmony', showStore: false,
  allow_payroll_report: false, emailVerified: true,
  permissions: permissionsOf({ role: 'admin', addrole: 'School', showStore: false }),
};
const teacher: SessionUser = { ...admin, _id: 't1', username: 'teacher', first_name: 'Tom', role: 'teacher', adminId: 'a1', permissions: permissionsOf({ role: 'teacher', addrole: null, showStore: false }) };

const answer = (status: number, body: Answer) => fakeFetch(() => ({ ...body, status }));

function signInAs(user: SessionUser, token: string) {
  writeCookie(TOKEN_COOKIE, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

function actAs(user: SessionUser, token: string) {
  writeCookie(LOGIN_AS_TOKEN_COOKIE, token);
  localStorage.setItem(LOGIN_AS_USER_KEY, JSON.stringify(user));
}

describe('api client', () => {
  beforeEach(() => {
    reloadPage.mockClear();
    navigateTo.mockClear();
    registerReloader(reloadPage);
    registerNavigator(navigateTo);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the login-as token while acting, and unwraps the envelope', async () => {
    signInAs(admin, 'admin-token');
    actAs(teacher, 'acting-token');
    const fetchMock = answer(200, { status: 200, message: 'OK', data: { figures: [] } });

    const result = await api.get<{ figures: [] }>('/dashboard/getDashboard');

    expect(result.data).toEqual({ figures: [] });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/dashboard/getDashboard');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer acting-token');
  });

  it('on 401 during login-as drops only the login-as session and reloads', async () => {
    signInAs(admin, 'admin-token');
    actAs(teacher, 'acting-token');
    answer(401, { status: 401, message: 'Session expired', data: null });

    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401 });

    expect(readCookie(LOGIN_AS_TOKEN_COOKIE)).toBeNull();
    expect(localStorage.getItem(LOGIN_AS_USER_KEY)).toBeNull();
    expect(readCookie(TOKEN_COOKIE)).toBe('admin-token');
    expect(readSession()?.user.username).toBe('admin');
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('on 401s of several calls in flight during login-as keeps the signed-in session', async () => {
    signInAs(admin, 'admin-token');
    actAs(teacher, 'acting-token');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    fakeFetch(async () => {
      await held;
      return { status: 401, message: 'Session expired', data: null };
    });

    const calls = [api.get('/auth/me'), api.get('/profile/getProfile'), api.get('/scheduling/getCalendarFeed')];
    release();
    await Promise.allSettled(calls);

    expect(readCookie(LOGIN_AS_TOKEN_COOKIE)).toBeNull();
    expect(readCookie(TOKEN_COOKIE)).toBe('admin-token');
    expect(readSession()?.user.username).toBe('admin');
  });

  it('on 401 otherwise signs out and reloads', async () => {
    signInAs(admin, 'admin-token');
    answer(401, { status: 401, message: 'Session expired', data: null });

    await expect(api.get('/auth/me')).rejects.toBeInstanceOf(ApiError);

    expect(readCookie(TOKEN_COOKIE)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(readSession()).toBeNull();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone when the sign-in call itself answers 401', async () => {
    signInAs(admin, 'admin-token');
    const fetchMock = answer(401, { status: 401, message: 'Incorrect Password', data: null });

    await expect(
      api.post('/auth/local/login', { username: 'x', password: 'y' }, { auth: 'none' }),
    ).rejects.toMatchObject({ status: 401, message: 'Incorrect Password' });

    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(readCookie(TOKEN_COOKIE)).toBe('admin-token');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('carries per-field errors of a 400', async () => {
    signInAs(admin, 'admin-token');
    answer(400, {
      status: 400, message: 'Current Password is incorrect', data: null,
      errors: { currentPassword: 'Current Password is incorrect' },
    });

    const error = await api.post('/profile/changePassword', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors).toEqual({ currentPassword: 'Current Password is incorrect' });
  });

  it('on 402 goes to /dashboard and shows the server message as an error, keeping the session', async () => {
    signInAs(admin, 'admin-token');
    window.history.pushState({}, '', '/member/students');
    answer(402, { status: 402, message: 'Your plan does not include the store', data: null });

    await expect(api.get('/store/getStoreList')).rejects.toMatchObject({ status: 402 });

    expect(navigateTo).toHaveBeenCalledWith('/dashboard');
    // The toast the user sees, red, in Mantine's store.
    await waitFor(() => expect(notificationsStore.getState().notifications).toEqual([
      expect.objectContaining({ message: 'Your plan does not include the store', color: 'red' }),
    ]));
    expect(readCookie(TOKEN_COOKIE)).toBe('admin-token');
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
