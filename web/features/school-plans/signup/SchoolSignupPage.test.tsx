import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fakeApi';
import { renderWithApp } from '../../../test/render';
import SchoolSignupPage from './SchoolSignupPage';

const PROVIDER = '00000000-0000-4000-8000-0000000000aa';
const plan = (id: string, planName: string, price: number, schoolPrivateTeacher: string) => ({
  _id: id, planName, price, currency: 'USD', isFree: price === 0, schoolPrivateTeacher, billingPeriod: 'monthly',
  maxStudents: null, maxTeachers: null, storeIncluded: false, schoolCount: 0, createdAt: '2026-01-01T00:00:00Z',
});
const STARTER = plan('00000000-0000-4000-8000-000000000001', 'Starter', 0, 'privateTeacher');
const STUDIO = plan('00000000-0000-4000-8000-000000000002', 'Studio', 49, 'school');
const SLOW = { timeout: 5000 };


function serve() {
  const sent: unknown[] = [];
  fakeServer(({ url, body }) => {
    if (url.endsWith('/signupPlans')) return { message: 'Success', data: { plans: [STARTER, STUDIO], selectedPlanId: null } };
    sent.push(body);
    return { message: 'school register successfully', data: { _id: 'x' } };
  });
  return sent;
}

function renderPage() {
  return renderWithApp(
    <Routes>
      <Route path="/signup/:id" element={<SchoolSignupPage />} />
      <Route path="/login" element={<p>Sign in page</p>} />
    </Routes>,
    { path: `/signup/${PROVIDER}` },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('/signup/{id}', () => {
  it('shows the sections and the messages of docs/domains/plans.md, and sends nothing while any is open', async () => {
    const sent = serve();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Owner Info' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'School Info' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Payment Method' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('First Name', { exact: false }), { target: { value: '1Nora' } });
    fireEvent.change(screen.getByLabelText('Phone Number', { exact: false }), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('School Name is Required');
    const shown = (message: string) => screen.queryAllByText((_, el) => el?.textContent === message && el.children.length === 0).length > 0;
    const missing = ['first character should be alphabet', 'Minimum  10 digits are allowed', 'School Name is Required', 'Username is Required',
      'Confirm password is Required', 'email is Required', 'working_phone is Required', 'Plan is Required', 'Card number is required', 'Customer Type is Required']
      .filter((message) => !shown(message));
    expect(missing).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('asks the School Role for a free plan and no card', async () => {
    serve();
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: /Starter/ }, SLOW));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Payment Method' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('school role is Required')).toBeTruthy();
    expect(screen.queryByText('Card number is required')).toBeNull();
  });
});
