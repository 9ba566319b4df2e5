import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanItem, PlanListAnswer } from '../../../../shared/contracts/student-plans';
import { fakeServer, sessionAs, type Call } from '../../../test/fakeApi';
import { renderWithApp } from '../../../test/render';
import PlanBuilderPage from './PlanBuilderPage';
import { patient } from '../../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const plan = (over: Partial<PlanItem> = {}): PlanItem => ({
  _id: '00000000-0000-4000-8000-000000000010', planName: 'Piano 30 min weekly', price: 120, isFree: false, billingPeriod: 'monthly',
  lessonsPerPeriod: 4, lessonMinutes: 30, lessonType: 'private', instrument: { _id: 'g1', name: 'Piano' },
  teachers: [{ _id: 't1', first_name: 'Sofia', last_name: 'Marin' }], classGroup: null, description: '',
  summary: '4 × 30 min lessons, Monthly', subscriberCount: 1, createdAt: '2026-01-01T00:00:00.000Z', ...over,
});
const answer = (results: PlanItem[]): PlanListAnswer => ({ results, page: 1, limit: 6, totalCount: results.length });

function open(role: 'admin' | 'subadmin', handle: (call: Call) => { message?: string; data?: unknown } | undefined = () => undefined) {
  sessionAs(role);
  const calls = fakeServer((c) => {
    const answered = handle(c);
    if (answered) return answered;
    if (c.url.endsWith('/getListPlanBuilder')) return { data: answer([plan()]) };
    if (c.url.endsWith('/genre/getgenre')) return { data: { results: [{ _id: 'g1', name: 'Piano' }] } };
    if (c.url.endsWith('/instrumentTeacher')) return { data: [{ _id: 't1', first_name: 'Sofia', last_name: 'Marin' }] };
    return undefined;
  });
  renderWithApp(<PlanBuilderPage />, { path: '/studentbilling/planbuilder' });
  return calls;
}

describe('PlanBuilderPage', () => {
  it('lists each plan with its price, lessons, teachers and students; group plans and approvals are the admin’s', async () => {
    open('admin');
    const row = await screen.findByRole('row', { name: /Piano 30 min weekly/ });
    for (const text of ['$120.00', '4 × 30 min lessons, Monthly', 'Sofia Marin', 'Private']) expect(within(row).getByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Group Plans' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Approve Plans' })).toBeTruthy();
  });

  it('shows a sub-admin neither group plans nor approvals', async () => {
    open('subadmin');
    await screen.findByRole('row', { name: /Piano 30 min weekly/ });
    expect(screen.queryByRole('link', { name: 'Group Plans' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Approve Plans' })).toBeNull();
  });

  it('adds a plan after the contract’s messages', async () => {
    const calls = open('admin', (c) => (c.url.endsWith('/addPlanBuilder') ? { message: 'Plan added successfully', data: plan() } : undefined));
    fireEvent.click(await screen.findByRole('button', { name: 'New plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New plan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Plan Name is Required')).toBeTruthy();
    expect(within(dialog).getByText('Price is Required')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/addPlanBuilder'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Plan Name/), { target: { value: 'Guitar 45' } });
    fireEvent.change(within(dialog).getByLabelText(/^Price/), { target: { value: '75' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/addPlanBuilder'))?.body).toMatchObject({
      planName: 'Guitar 45', price: '75', billingPeriod: 'monthly', lessonsPerPeriod: '4', lessonMinutes: '30', lessonType: 'private', teacherIds: [], classGroupId: null,
    }));
    expect(await screen.findByText('Plan added successfully')).toBeTruthy();
  });
});
