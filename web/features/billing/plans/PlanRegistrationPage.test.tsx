import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { FamilyBilling, SavedCard } from '../../../../shared/contracts/billing-family';
import type { PlanItem } from '../../../../shared/contracts/student-plans';
import { permissionsOf } from '../../../../shared/permissions';
import { FAMILY_CARDS_READ_ONLY } from '../../../components/FamilyCardsReadOnlyNote';
import { fakeServer, sessionAs } from '../../../test/fakeApi';
import { renderWithApp } from '../../../test/render';
import PlanRegistrationPage from './PlanRegistrationPage';
import { patient } from '../../../../tests/patience';

const SLOW = { timeout: patient(5000) };

const PLAN: PlanItem = {
  _id: 'p1', planName: 'Piano Monthly', price: 120, isFree: false, billingPeriod: 'monthly', lessonsPerPeriod: 4, lessonMinutes: 30,
  lessonType: 'private', instrument: null, teachers: [], classGroup: null, description: '', summary: '4 × 30 min lessons, Monthly', subscriberCount: 0,
  createdAt: '2031-01-01T00:00:00.000Z',
};
const BILLING: FamilyBilling = {
  open: [], totalDue: 0, currency: 'USD', paid: { results: [], page: 1, limit: 10, totalCount: 0 },
  students: [{ _id: 'lily', first_name: 'Lily', last_name: 'Chen', autopay: false }], isPayer: true, testMode: true,
};
const VISA: SavedCard = {
  cardId: 'c1', customerProfileId: 'sbxc_1', customerPaymentProfileId: 'sbxp_1', brand: 'Visa', last4: '1111', expMonth: '12', expYear: '2030',
  isDefault: true, expired: false, owner: { _id: 'u1', first_name: 'Grace', last_name: 'Chen' }, mine: true,
};

function render() {
  fakeServer((call) => {
    if (call.url === '/api/studentBilling/getPlanById') return { data: PLAN };
    if (call.url === '/api/paymentbilling/invoices') return { data: BILLING };
    if (call.url === '/api/studentBilling/cardList') return { data: { results: [VISA], testMode: true } };
    return undefined;
  });
  renderWithApp(<Routes><Route path="/plan-registration/:id" element={<PlanRegistrationPage />} /></Routes>, { path: '/plan-registration/p1' });
}

describe('PlanRegistrationPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a parent asks with their card', async () => {
    sessionAs('parent');
    render();
    const ask = (await screen.findByRole('button', { name: 'Ask for this plan' }, SLOW)) as HTMLButtonElement;
    expect(await screen.findByRole('radio', { name: 'Visa ending in 1111 (default)' }, SLOW)).toBeTruthy();
    expect(ask.disabled).toBe(false);
    expect(screen.queryByText(FAMILY_CARDS_READ_ONLY)).toBeNull();
  });

  it('staff logged in as a parent are told why they cannot ask, and offered no card to add (decision 069)', async () => {
    sessionAs('parent', null, { permissions: permissionsOf({ role: 'parent', addrole: null, showStore: false, realRole: 'subadmin' }) });
    render();
    const ask = (await screen.findByRole('button', { name: 'Ask for this plan' }, SLOW)) as HTMLButtonElement;
    expect(ask.disabled).toBe(true);
    expect(screen.getByText(FAMILY_CARDS_READ_ONLY)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a card' })).toBeNull();
  });

  it('shows the provider one of its plans for schools and the registration page with it chosen (decision 090)', async () => {
    sessionAs('superadmin', null, { adminId: null, school_name: null });
    const calls = fakeServer((call) => call.url === '/api/schoolBilling/getSchoolPlanById'
      ? { data: { _id: 'sp1', planName: 'Academy', price: 99, currency: 'USD', isFree: false, schoolPrivateTeacher: 'school', billingPeriod: 'monthly',
        maxStudents: 50, maxTeachers: null, storeIncluded: true, schoolCount: 2, createdAt: '2031-01-01T00:00:00.000Z' } }
      : undefined);
    renderWithApp(<Routes><Route path="/plan-registration/:id" element={<PlanRegistrationPage />} /></Routes>, { path: '/plan-registration/sp1' });
    expect(await screen.findByRole('heading', { name: 'Academy' }, SLOW)).toBeTruthy();
    expect((screen.getByLabelText('Registration page') as HTMLInputElement).value).toMatch(/\/signup\/sp1$/);
    expect(screen.getByText('Up to 50 students, any number of teachers, store included')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ask for this plan' })).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/schoolBilling/getSchoolPlanById']);
    expect(calls[0]?.body).toEqual({ planId: 'sp1' });
  });

  it('shows the office the plan with no ask the server would refuse (decision 090)', async () => {
    sessionAs('admin');
    render();
    expect(await screen.findByRole('heading', { name: 'Asking for this plan' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ask for this plan' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Plan Builder' }).getAttribute('href')).toBe('/studentbilling/planbuilder');
  });
});
