import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth';
import { fakeFetch, type Answer } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import ResetPasswordPage from './ResetPasswordPage';
import { patient } from '../../../tests/patience';

const KEY = 'k'.repeat(43);

function renderReset() {
  return renderWithApp(
    <Routes>
      <Route path="/resetpassword/:id" element={<ResetPasswordPage />} />
      <Route path="/login" element={<p>Sign-in page</p>} />
    </Routes>,
    { path: `/resetpassword/${KEY}` },
  );
}

const answer = (status: number, body: Answer) => fakeFetch(() => ({ ...body, status }));

// Validation code loads on first use (lazyValidation.ts): the first check may take a moment.
const SLOW = { timeout: patient(5000) };
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Reset Your Password' }));

describe('ResetPasswordPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the passwords before asking the server', async () => {
    const fetchMock = answer(200, { status: 200, message: 'OK', data: null });
    renderReset();
    type('New Password', 'Str0ng!pass');
    type('Confirm Password', 'Str0ng!pasS');
    submit();
    expect(await screen.findByText(AUTH_MESSAGES.passwordsMatch, {}, SLOW)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the key and the new password, then leads to sign-in', async () => {
    const fetchMock = answer(200, { status: 200, message: 'OK', data: null });
    renderReset();
    type('New Password', 'Str0ng!pass');
    type('Confirm Password', 'Str0ng!pass');
    submit();
    expect(await screen.findByText('Sign-in page', {}, SLOW)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/resetPassword');
    expect(JSON.parse(String(init?.body))).toEqual({ id: KEY, newPassword: 'Str0ng!pass', confirm_password: 'Str0ng!pass' });
  });

  it('shows a failure that belongs to no field in the alert', async () => {
    answer(400, { status: 400, message: AUTH_MESSAGES.resetInvalid, data: null });
    renderReset();
    type('New Password', 'Str0ng!pass');
    type('Confirm Password', 'Str0ng!pass');
    submit();
    expect(await screen.findByText(AUTH_MESSAGES.resetInvalid, {}, SLOW)).toBeTruthy();
  });
});
