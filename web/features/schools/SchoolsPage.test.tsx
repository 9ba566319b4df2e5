import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCHOOL_MESSAGES, type SchoolListItem } from '../../../shared/contracts/schools';
import { fakeServer, sessionAs } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import SchoolsPage from './SchoolsPage';
import { patient } from '../../../tests/patience';

function school(n: number, overrides: Partial<SchoolListItem> = {}): SchoolListItem {
  return {
    _id: `00000000-0000-4000-8000-00000000000${n}`, userId: `u${n}`, school_name: `Harmony ${n}`,
    first_name: 'Ada', last_name: `Owner${n}`, username: `harmony${n}`, email: `h${n}@example.com`,
    working_phone: '+12125550142', city: 'New York', state: 'NY', status: true, role: 'admin',
    addrole: 'School', createdAt: '2026-01-01T00:00:00.000Z', planLapsed: false, ...overrides,
  };
}

const listOf = (results: SchoolListItem[]) => ({
  results, page: 1, limit: 6, totalCount: results.length, activeCount: 7, inactiveCount: 2,
});

describe('SchoolsPage', () => {
  beforeEach(() => {
    sessionAs('superadmin', null, { _id: 's1', email: 'root@example.com', first_name: 'Sam', last_name: 'Super', adminId: null, school_name: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists schools with their counts and a status switch per row', async () => {
    const calls = fakeServer(() => ({ data: listOf([school(1), school(2, { status: false })]) }));
    renderWithApp(<SchoolsPage />, { path: '/member/list-school' });

    expect(await screen.findByText('Harmony 1')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Schools' })).toBeTruthy();
    expect(screen.getByText('Active: 7')).toBeTruthy();
    expect(screen.getByText('Inactive: 2')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Active: Harmony 1' })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: 'Active: Harmony 2' })).toHaveProperty('checked', false);
    expect(calls[0]?.body).toMatchObject({ page: 1, limit: 6, addrole: 'School', sortBy: 'createdAt', orderBy: -1 });
    expect(calls[0]?.body).not.toHaveProperty('search');
  });

  it('marks a school whose Cadenza plan lapsed (decision 071)', async () => {
    fakeServer(() => ({ data: listOf([school(1), school(2, { planLapsed: true })]) }));
    renderWithApp(<SchoolsPage />, { path: '/member/list-school' });
    const lapsedRow = (await screen.findByText('Harmony 2')).closest('tr')!;
    expect(within(lapsedRow).getByText('Plan lapsed')).toBeTruthy();
    expect(within(screen.getByText('Harmony 1').closest('tr')!).queryByText('Plan lapsed')).toBeNull();
  });

  it('shows each school\'s full plan state, read from the school plans for the page\'s schools (decision 071)', async () => {
    const states = [
      { adminId: school(1)._id, planState: 'renewing' }, { adminId: school(2)._id, planState: 'failedPayment' },
      { adminId: school(3)._id, planState: 'lapsed' }, { adminId: school(4)._id, planState: 'active' },
    ];
    const calls = fakeServer(({ url }) => ({ data: url.includes('/bookPlan/planStates') ? states : listOf([1, 2, 3, 4, 5].map((n) => school(n, { planLapsed: n === 3 }))) }));
    renderWithApp(<SchoolsPage />, { path: '/member/list-school' });
    const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
    expect(await within(await rowOf('Harmony 1')).findByText('Renewing', {}, { timeout: patient(3_000) })).toBeTruthy();
    expect(within(await rowOf('Harmony 2')).getByText('Failed payment')).toBeTruthy();
    expect(within(await rowOf('Harmony 3')).getByText('Lapsed')).toBeTruthy();
    // The state stands for the old badge: one mark of the lapse, not two.
    expect(within(await rowOf('Harmony 3')).queryByText('Plan lapsed')).toBeNull();
    expect(within(await rowOf('Harmony 4')).getByText('Active, ends at period end')).toBeTruthy();
    expect(within(await rowOf('Harmony 5')).getByText('No plan')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Plan' })).toBeTruthy();
    const asked = calls.find((c) => c.url.includes('/bookPlan/planStates'));
    expect(asked?.body).toEqual({ adminIds: [1, 2, 3, 4, 5].map((n) => school(n)._id) });
  });

  it('searches (debounced, from page 1), shows the filtered empty state and clears filters', async () => {
    const calls = fakeServer(({ body }) => ({ data: listOf(body?.search ? [] : [school(1)]) }));
    renderWithApp(<SchoolsPage />, { path: '/member/list-school' });
    await screen.findByText('Harmony 1');
    expect(screen.getByText('Active: 7')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '  zeta ' } });
    await waitFor(() => expect(calls.some((call) => call.body?.search === 'zeta')).toBe(true));
    expect(calls.at(-1)?.body).toMatchObject({ page: 1, search: 'zeta', addrole: 'School' });
    expect(await screen.findByText('No schools match your search')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Harmony 1')).toBeTruthy();
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
  });

  it('lists private teachers on their own route and says so when there are none', async () => {
    const calls = fakeServer(() => ({ data: listOf([]) }));
    renderWithApp(<SchoolsPage />, { path: '/member/private-teacher' });
    expect(await screen.findByText('No schools yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Private Teachers' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Private Teacher' })).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({ addrole: 'Private teacher' });
  });

  it('shows a retry when the list fails', async () => {
    fakeServer(() => ({ status: 500, message: 'Database is down' }));
    renderWithApp(<SchoolsPage />, { path: '/member/list-school' });
    expect(await screen.findByText('Database is down')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('changes a status through the switch', async () => {
    const calls = fakeServer(({ url }) =>
      url.endsWith('/changeStatus')
        ? { message: SCHOOL_MESSAGES.statusChanged, data: null }
        : { data: listOf([school(1)]) },
    );
    renderWithApp(<SchoolsPage />, { path: '/member/list-school' });
    fireEvent.click(await screen.findByRole('switch', { name: 'Active: Harmony 1' }));
    // Deactivating is asked first, naming the school and what it does; Cancel changes nothing.
    const ask = await screen.findByRole('dialog', { name: 'Deactivate school' });
    expect(within(ask).getByText(/^Deactivate Harmony 1\? Its people .* will not be able to sign in until it is made active again\.$/)).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deactivate school' })).toBeNull());
    expect(calls.some((call) => call.url.endsWith('/changeStatus'))).toBe(false);

    fireEvent.click(screen.getByRole('switch', { name: 'Active: Harmony 1' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Deactivate school' })).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/changeStatus'))).toBe(true));
    expect(calls.find((call) => call.url.endsWith('/changeStatus'))?.body).toEqual({ id: school(1)._id, status: false });
  });

  it('activates a private teacher without asking', async () => {
    const calls = fakeServer(({ url }) =>
      url.endsWith('/changeStatus')
        ? { message: SCHOOL_MESSAGES.statusChanged, data: null }
        : { data: listOf([school(2, { status: false, addrole: 'Private teacher' })]) },
    );
    renderWithApp(<SchoolsPage />, { path: '/member/private-teacher' });
    fireEvent.click(await screen.findByRole('switch', { name: 'Active: Harmony 2' }));
    await waitFor(() => expect(calls.find((call) => call.url.endsWith('/changeStatus'))?.body).toEqual({ id: school(2)._id, status: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before deleting and sends the id in a DELETE body', async () => {
    const calls = fakeServer(({ url }) =>
      url.endsWith('/removeSchool') ? { message: SCHOOL_MESSAGES.deleted, data: null } : { data: listOf([school(1)]) },
    );
    renderWithApp(<SchoolsPage />, { path: '/member/list-school' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Harmony 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Its people will no longer be able to sign in/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/removeSchool'))).toBe(true));
    expect(calls.find((call) => call.url.endsWith('/removeSchool'))).toMatchObject({
      method: 'DELETE', body: { id: school(1)._id },
    });
  });
});
