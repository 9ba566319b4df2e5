import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_MESSAGES } from '../../../shared/contracts/members';
import { renderWithApp } from '../../test/render';
import MembersPage from './MembersPage';
import { GENRES, fakeServer, listOf, selectInput, sessionAs, student } from './testServer';
import { patient } from '../../../tests/patience';

const isList = (url: string) => url.endsWith('/member/students/list');

vi.setConfig({ testTimeout: patient(20_000) });

describe('MembersPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists students with counts, links to profiles and asks for page 1 sorted by newest', async () => {
    sessionAs('admin');
    const calls = fakeServer(({ url }) => (isList(url) ? { data: listOf([student(1), student(2, { status: false })]) } : undefined));
    renderWithApp(<MembersPage />, { path: '/member/students' });

    expect(await screen.findByRole('link', { name: 'Lily1' })).toHaveProperty('pathname', `/member/student/${student(1)._id}`);
    expect(screen.getByRole('heading', { name: 'Students' })).toBeTruthy();
    expect(screen.getByText('Active: 5')).toBeTruthy();
    expect(screen.getByText('Inactive: 1')).toBeTruthy();
    expect(screen.getAllByText('Piano · Beginner')).toHaveLength(2);
    expect(screen.getByRole('switch', { name: 'Active: Lily2 Chen' })).toHaveProperty('checked', false);
    expect(screen.getByRole('button', { name: 'Add Student' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    const body = calls.find((c) => isList(c.url))?.body;
    expect(body).toEqual({ page: 1, limit: 6, sortBy: 'createdAt', orderBy: -1 });
  });

  it('filters by status, instrument and search, shows the filtered empty state and clears filters', async () => {
    sessionAs('admin');
    const calls = fakeServer(({ url, body }) => {
      if (!isList(url)) return undefined;
      return { data: listOf(body?.search ? [] : [student(1)]) };
    });
    renderWithApp(<MembersPage />, { path: '/member/students' });
    await screen.findByText('Lily1');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();

    fireEvent.click(selectInput(screen, 'Status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ status: 'inactive', page: 1 }));

    fireEvent.click(selectInput(screen, 'Instrument'));
    fireEvent.click(await screen.findByRole('option', { name: 'Guitar' }));
    await waitFor(() => expect(calls.filter((c) => isList(c.url)).at(-1)?.body).toMatchObject({ status: 'inactive', genreId: GENRES[1]!._id }));

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' zeta ' } });
    expect(await screen.findByText('No students match your filters')).toBeTruthy();
    expect(calls.filter((c) => isList(c.url)).at(-1)?.body).toMatchObject({ search: 'zeta' });

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Lily1')).toBeTruthy();
    expect(calls.filter((c) => isList(c.url)).at(-1)?.body).toEqual({ page: 1, limit: 6, sortBy: 'createdAt', orderBy: -1 });
  });

  it('sorts by a column and pages through the list', async () => {
    sessionAs('admin');
    const calls = fakeServer(({ url, body }) =>
      isList(url) ? { data: { ...listOf([student(Number(body?.page ?? 1))], 13), page: body?.page } } : undefined,
    );
    renderWithApp(<MembersPage />, { path: '/member/students' });
    await screen.findByText('Lily1');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Lily3')).toBeTruthy();
    expect(calls.filter((c) => isList(c.url)).at(-1)?.body).toMatchObject({ page: 3 });

    fireEvent.click(screen.getByRole('button', { name: 'Sort by Last Name' }));
    await waitFor(() => expect(calls.filter((c) => isList(c.url)).at(-1)?.body).toMatchObject({ page: 1, sortBy: 'last_name', orderBy: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Last Name' }));
    await waitFor(() => expect(calls.filter((c) => isList(c.url)).at(-1)?.body).toMatchObject({ sortBy: 'last_name', orderBy: -1 }));
  });

  it('says when there is nobody yet, and shows a retry on failure', async () => {
    sessionAs('admin');
    fakeServer(({ url }) => (url.endsWith('/member/parents/list') ? { data: listOf([]) } : undefined));
    const first = renderWithApp(<MembersPage />, { path: '/member/parents' });
    expect(await screen.findByText('No parents yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Parent' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    first.unmount();

    fakeServer(({ url }) => (url.endsWith('/member/teachers/list') ? { status: 500, message: 'Database is down' } : undefined));
    renderWithApp(<MembersPage />, { path: '/member/teachers' });
    expect(await screen.findByText('Database is down')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows a teacher their students read-only, with only the Instruments action', async () => {
    sessionAs('teacher');
    fakeServer(({ url }) => (isList(url) ? { data: listOf([student(1)]) } : undefined));
    renderWithApp(<MembersPage />, { path: '/member/students' });
    await screen.findByText('Lily1');
    expect(screen.queryByRole('button', { name: 'Add Student' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Lily1 Chen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Lily1 Chen' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByLabelText('Teacher')).toBeNull();
    expect(screen.getByRole('button', { name: 'Instruments of Lily1 Chen' })).toBeTruthy();
  });

  it('tells a private teacher that sub-admins are not theirs, without asking the server', async () => {
    sessionAs('admin', 'Private teacher');
    const calls = fakeServer(() => undefined);
    renderWithApp(<MembersPage />, { path: '/member/sub-admins' });
    expect(await screen.findByText('Sub Admins are not shown to you')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('changes a status through the switch', async () => {
    sessionAs('subadmin');
    const calls = fakeServer(({ url }) =>
      url.endsWith('/changeStatus') ? { message: MEMBER_MESSAGES.statusChanged } : isList(url) ? { data: listOf([student(1)]) } : undefined,
    );
    renderWithApp(<MembersPage />, { path: '/member/students' });
    fireEvent.click(await screen.findByRole('switch', { name: 'Active: Lily1 Chen' }));
    // Deactivating is asked first; Cancel changes nothing.
    const ask = await screen.findByRole('dialog', { name: 'Deactivate student' });
    expect(within(ask).getByText(/Deactivate Lily1 Chen\?/)).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deactivate student' })).toBeNull());
    expect(calls.find((c) => c.url.endsWith('/changeStatus'))).toBeUndefined();
    fireEvent.click(screen.getByRole('switch', { name: 'Active: Lily1 Chen' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Deactivate student' })).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/changeStatus'))?.body).toEqual({ id: student(1)._id, status: false }));
  });

  it('asks before deleting and shows the server’s reason when the person has history', async () => {
    sessionAs('admin');
    const calls = fakeServer(({ url }) =>
      url.endsWith('/member/students/remove') ? { status: 409, message: MEMBER_MESSAGES.hasHistory } : isList(url) ? { data: listOf([student(1)]) } : undefined,
    );
    renderWithApp(<MembersPage />, { path: '/member/students' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Lily1 Chen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete student' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(MEMBER_MESSAGES.hasHistory)).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/remove'))).toMatchObject({ method: 'DELETE', body: { id: student(1)._id } });
  });

  it('changes a level through the Instruments action', async () => {
    sessionAs('teacher');
    const calls = fakeServer(({ url }) =>
      url.endsWith('/updateInstruments') ? { message: MEMBER_MESSAGES.instrumentsUpdated } : isList(url) ? { data: listOf([student(1)]) } : undefined,
    );
    renderWithApp(<MembersPage />, { path: '/member/students' });
    fireEvent.click(await screen.findByRole('button', { name: 'Instruments of Lily1 Chen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Instruments of Lily1 Chen' });
    fireEvent.click(selectInput(within(dialog), 'Level of Piano'));
    fireEvent.click(await screen.findByRole('option', { name: 'Advanced' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save instruments' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/updateInstruments'))?.body).toEqual({
        id: student(1)._id, instruments: [{ genreId: GENRES[0]!._id, level: 'advanced' }],
      }),
    );
  });
});
