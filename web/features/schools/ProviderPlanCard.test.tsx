import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCHOOL_PLAN_MESSAGES, type MyPlan, type SchoolBooking } from '../../../shared/contracts/school-plans';
import { fakeServer, type Call } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { ProviderPlanCard } from './ProviderPlanCard';

const ADMIN = '00000000-0000-4000-8000-0000000000aa';
const booking: SchoolBooking = {
  _id: 'b1', adminId: ADMIN, school_name: 'Harmony', owner: { first_name: 'Ada', last_name: 'Owner', email: 'h@example.com' },
  plan: {
    _id: 'p1', planName: 'Studio', price: 49, currency: 'USD', isFree: false, schoolPrivateTeacher: 'school', billingPeriod: 'monthly',
    maxStudents: null, maxTeachers: null, storeIncluded: false, schoolCount: 1, createdAt: '2026-01-01T00:00:00.000Z',
  },
  status: 'lapsed', planState: 'lapsed', paymentMethod: 'card', periodStartsOn: '2026-10-01', renewsOn: '2026-11-01', cancelAtPeriodEnd: false,
  card: null, testMode: true, studentCount: 3, teacherCount: 1, createdAt: '2026-01-01T00:00:00.000Z',
};

function serve(plan: MyPlan) {
  const sent: Call[] = [];
  fakeServer((call) => {
    if (call.url.endsWith('/bookPlan/schoolPlan')) return { data: plan };
    if (call.url.endsWith('/bookPlan/endOrExtend')) {
      sent.push(call);
      const ended = call.body?.action === 'end';
      return { message: ended ? SCHOOL_PLAN_MESSAGES.ended : SCHOOL_PLAN_MESSAGES.extended('2026-12-13'), data: plan };
    }
    return undefined;
  });
  return sent;
}

describe('ProviderPlanCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the plan’s state to the provider', async () => {
    serve({ booking, charges: [] });
    renderWithApp(<ProviderPlanCard adminId={ADMIN} />);
    expect(await screen.findByText('Lapsed')).toBeTruthy();
    expect(screen.getByText('Studio')).toBeTruthy();
  });

  it.each([
    ['renewing', 'Renewing'], ['failedPayment', 'Failed payment'], ['active', 'Active, ends at period end'],
  ] as const)('names the %s state', async (planState, label) => {
    serve({ booking: { ...booking, status: 'active', planState }, charges: [] });
    renderWithApp(<ProviderPlanCard adminId={ADMIN} />);
    expect(await screen.findByText(label)).toBeTruthy();
  });

  it('extends by the days typed, after the shared rule checks them', async () => {
    const sent = serve({ booking, charges: [] });
    renderWithApp(<ProviderPlanCard adminId={ADMIN} />);
    const days = await screen.findByLabelText('Extend by (days)');
    fireEvent.change(days, { target: { value: '400' } });
    fireEvent.click(screen.getByRole('button', { name: 'Extend plan' }));
    const error = await screen.findByText(SCHOOL_PLAN_MESSAGES.daysRequired);
    // The message is the field's.
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(days.getAttribute('aria-describedby')).toContain(error.id);
    expect(sent).toEqual([]);
    fireEvent.change(days, { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Extend plan' }));
    await waitFor(() => expect(sent.map((c) => c.body)).toEqual([{ adminId: ADMIN, action: 'extend', days: '14' }]));
    expect(await screen.findByText(SCHOOL_PLAN_MESSAGES.extended('2026-12-13'))).toBeTruthy();
  });

  it('ends the plan after asking', async () => {
    const sent = serve({ booking, charges: [] });
    renderWithApp(<ProviderPlanCard adminId={ADMIN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'End plan now' }));
    const dialog = await screen.findByRole('dialog', { name: 'End plan' });
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'End plan' }));
    await waitFor(() => expect(sent.map((c) => c.body)).toEqual([{ adminId: ADMIN, action: 'end' }]));
  });

  it('offers nothing to change on an ended plan', async () => {
    serve({ booking: { ...booking, status: 'cancelled', planState: 'ended' }, charges: [] });
    renderWithApp(<ProviderPlanCard adminId={ADMIN} />);
    expect(await screen.findByText('Ended')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End plan now' })).toBeNull();
  });
});
