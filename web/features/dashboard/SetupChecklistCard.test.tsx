import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../shared/contracts/auth';
import { permissionsOf } from '../../../shared/permissions';
import { SETUP_STEP_TEXT, SETUP_STEPS } from '../../../shared/contracts/school-setup';
import { fakeFetch } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { SetupChecklistCard } from './SetupChecklistCard';

const ADMIN_ID = '00000000-0000-4000-8000-0000000000a1';
const admin: SessionUser = {
  _id: ADMIN_ID, username: 'nora', email: 'nora@example.test', first_name: 'Nora', last_name: 'Lind', role: 'admin', addrole: 'School', adminId: ADMIN_ID,
  school_name: 'Lind Music', showStore: false, allow_payroll_report: false, emailVerified: true,
  permissions: permissionsOf({ role: 'admin', addrole: 'School', showStore: false }),
};
const subadmin: SessionUser = { ...admin, _id: 'sub', role: 'subadmin', permissions: permissionsOf({ role: 'subadmin', addrole: null, showStore: false }) };

const checklist = (dismissedAt: string | null) => ({
  steps: SETUP_STEPS.map((key) => ({ key, ...SETUP_STEP_TEXT[key], done: key === 'details' || key === 'rooms' })),
  doneCount: 2, dismissedAt,
});

function serve() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  fakeFetch(({ url, method, body }) => {
    calls.push({ url, method, body });
    if (url.endsWith('/dismiss')) return { message: 'The setup checklist is hidden', data: checklist('2026-11-29T09:00:00.000Z') };
    return { data: checklist(null) };
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('SetupChecklistCard (decision 076)', () => {
  it('lists each step with its link and whether it is done, from the server', async () => {
    const calls = serve();
    renderWithApp(<SetupChecklistCard user={admin} />, { path: '/dashboard' });
    const steps = await screen.findByRole('list', { name: 'Setup steps' });
    const items = within(steps).getAllByRole('listitem');
    expect(items).toHaveLength(SETUP_STEPS.length);
    expect(within(items[1]!).getByRole('link', { name: 'Add your rooms' }).getAttribute('href')).toBe('/schedulings');
    expect(items[1]!.textContent).toContain('Done');
    expect(items[2]!.textContent).toContain('To do');
    expect(screen.getByText(`2 of ${SETUP_STEPS.length} done. Each step ticks itself when it is done.`)).toBeTruthy();
    expect(calls[0]!.url).toBe(`/api/school/setupChecklist/${ADMIN_ID}`);
  });

  it('the admin hides it for the school; a sub-admin reads it with no hide button', async () => {
    const calls = serve();
    const { unmount } = renderWithApp(<SetupChecklistCard user={admin} />, { path: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'Hide this checklist' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Setup steps' })).toBeNull());
    expect(calls.find((c) => c.url.endsWith('/dismiss'))).toMatchObject({ method: 'POST', body: { adminId: ADMIN_ID } });
    unmount();

    serve();
    renderWithApp(<SetupChecklistCard user={subadmin} />, { path: '/dashboard' });
    await screen.findByRole('list', { name: 'Setup steps' });
    expect(screen.queryByRole('button', { name: 'Hide this checklist' })).toBeNull();
  });
});
