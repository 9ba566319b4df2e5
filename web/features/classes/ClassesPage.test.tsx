import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLASS_MESSAGES, type ClassDetails, type ClassListItem } from '../../../shared/contracts/classes';
import { fakeServer as fakeApi, selectInput as selectIn, sessionAs as signIn, type Answer, type Call } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import ClassDetailsPage from './ClassDetailsPage';
import ClassesPage from './ClassesPage';
import { patient } from '../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });

const TEACHER = { value: '00000000-0000-4000-8000-0000000000b1', label: 'Sofia Marin' };
const STUDENTS = [
  { value: '00000000-0000-4000-8000-0000000000c1', label: 'Lily Chen' },
  { value: '00000000-0000-4000-8000-0000000000c2', label: 'Owen Chen' },
];

const sessionAs = (role: Parameters<typeof signIn>[0], addrole?: Parameters<typeof signIn>[1]) =>
  signIn(role, addrole, { _id: '00000000-0000-4000-8000-0000000000a1' });

function group(n: number, overrides: Partial<ClassListItem> = {}): ClassListItem {
  return {
    _id: `00000000-0000-4000-8000-00000000001${n}`, name: `Ensemble ${n}`,
    teacher: { _id: TEACHER.value, first_name: 'Sofia', last_name: 'Marin' }, studentCount: n, createdAt: '2026-01-01T00:00:00.000Z', ...overrides,
  };
}

/** The people pickers answer with the teacher or the students whose name holds the text. */
function pickerAnswer({ url, body }: Call): Answer {
  if (!url.endsWith('/auth/filter')) return { data: null };
  const value = String(body?.value ?? '').toLowerCase();
  const options = body?.type === 'teacher' ? [TEACHER] : STUDENTS;
  return { data: { results: options.filter((o) => o.label.toLowerCase().includes(value)) } };
}

const fakeServer = (handle: (call: Call) => Answer | undefined) => fakeApi(handle, pickerAnswer);
const listOf = (results: ClassListItem[], totalCount = results.length) => ({ results, page: 1, limit: 6, totalCount });
const isList = (url: string) => url.endsWith('/classes/list');
const selectInput = (label: string) => selectIn(screen, label);

afterEach(() => vi.unstubAllGlobals());

describe('ClassesPage', () => {
  it('lists the groups with teacher and student count, and asks for page 1 newest first', async () => {
    sessionAs('admin');
    const calls = fakeServer(({ url }) => (isList(url) ? { data: listOf([group(1), group(2, { teacher: null })]) } : undefined));
    renderWithApp(<ClassesPage />, { path: '/member/classes-group' });
    const row = (await screen.findByText('Ensemble 1')).closest('tr')!;
    expect(within(row).getByText('Sofia Marin')).toBeTruthy();
    expect(within(row).getByText('1')).toBeTruthy();
    expect(screen.getByText('No teacher')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ensemble 1' }).getAttribute('href')).toBe(`/classes/group/${group(1)._id}`);
    expect(calls.find((c) => isList(c.url))?.body).toEqual({ page: 1, limit: 6, sortBy: 'createdAt', orderBy: -1 });
  });

  it('searches and filters by teacher from page 1, with a filtered empty state', async () => {
    sessionAs('subadmin');
    const calls = fakeServer(({ url, body }) => (isList(url) ? { data: listOf(body?.search || body?.teacherId ? [] : [group(1)]) } : undefined));
    renderWithApp(<ClassesPage />, { path: '/member/classes-group' });
    await screen.findByText('Ensemble 1');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' jazz ' } });
    expect(await screen.findByText('No classes/groups match your search')).toBeTruthy();
    expect(calls.filter((c) => isList(c.url)).at(-1)?.body).toMatchObject({ page: 1, search: 'jazz' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByText('Ensemble 1');
    fireEvent.click(selectInput('Teacher'));
    fireEvent.click(await screen.findByRole('option', { name: 'Sofia Marin' }));
    await waitFor(() => expect(calls.filter((c) => isList(c.url)).at(-1)?.body).toMatchObject({ teacherId: TEACHER.value, page: 1 }));
    expect((selectInput('Teacher') as HTMLInputElement).value).toBe('Sofia Marin');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect((selectInput('Teacher') as HTMLInputElement).value).toBe(''));
    expect(calls.filter((c) => isList(c.url)).at(-1)?.body).not.toHaveProperty('teacherId');
  });

  it('pages through the list six at a time', async () => {
    sessionAs('admin');
    const calls = fakeServer(({ url, body }) => (isList(url) ? { data: { ...listOf([group(body?.page === 2 ? 7 : 1)], 7), page: body?.page } } : undefined));
    renderWithApp(<ClassesPage />, { path: '/member/classes-group' });
    await screen.findByText('Ensemble 1');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Ensemble 7')).toBeTruthy();
    expect(calls.filter((c) => isList(c.url)).at(-1)?.body).toMatchObject({ page: 2, limit: 6 });
  });

  it('shows a teacher their groups without Add, Edit, Delete or the teacher filter', async () => {
    sessionAs('teacher');
    fakeServer(({ url }) => (isList(url) ? { data: listOf([group(1)]) } : undefined));
    renderWithApp(<ClassesPage />, { path: '/member/classes-group' });
    await screen.findByText('Ensemble 1');
    expect(screen.queryByRole('button', { name: 'Add Class/Group' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Ensemble 1' })).toBeNull();
    expect(screen.queryByLabelText('Teacher')).toBeNull();
  });

  it('adds a group: the documented messages first, then name, teacher and two students', async () => {
    sessionAs('admin');
    const calls = fakeServer(({ url }) => {
      if (isList(url)) return { data: listOf([]) };
      if (url.endsWith('/classes/add')) return { message: CLASS_MESSAGES.added, data: group(3) };
      return undefined;
    });
    renderWithApp(<ClassesPage />, { path: '/member/classes-group' });
    expect(await screen.findByText('No classes/groups yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Class/Group' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Class/Group' }));
    expect(await within(dialog).findByText('Name is Required')).toBeTruthy();
    expect(within(dialog).getByText('Teacher is Required')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Jazz Combo' } });
    fireEvent.click(within(dialog).getAllByLabelText(/^Teacher/).find((el) => el.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: 'Sofia Marin' }));
    const students = within(dialog).getAllByLabelText('Students').find((el) => el.tagName === 'INPUT')!;
    fireEvent.click(students);
    fireEvent.click(await screen.findByRole('option', { name: 'Lily Chen' }));
    fireEvent.click(students);
    fireEvent.click(await screen.findByRole('option', { name: 'Owen Chen' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Class/Group' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/classes/add'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/classes/add'))?.body).toEqual({
      name: 'Jazz Combo', teacherId: TEACHER.value, studentIds: [STUDENTS[0]!.value, STUDENTS[1]!.value],
    });
  });

  it('puts the server\'s field message under the field', async () => {
    sessionAs('admin');
    fakeServer(({ url }) => {
      if (isList(url)) return { data: listOf([]) };
      if (url.endsWith('/classes/add')) return { status: 400, message: CLASS_MESSAGES.studentsNotInSchool, errors: { studentIds: CLASS_MESSAGES.studentsNotInSchool } };
      return undefined;
    });
    renderWithApp(<ClassesPage />, { path: '/member/classes-group' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Class/Group' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Jazz Combo' } });
    fireEvent.click(within(dialog).getAllByLabelText(/^Teacher/).find((el) => el.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: 'Sofia Marin' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Class/Group' }));
    expect(await within(dialog).findByText(CLASS_MESSAGES.studentsNotInSchool)).toBeTruthy();
  });

  it('lets a private teacher add groups without choosing a teacher', async () => {
    const me = sessionAs('admin', 'Private teacher');
    const calls = fakeServer(({ url }) => {
      if (isList(url)) return { data: listOf([]) };
      if (url.endsWith('/classes/add')) return { message: CLASS_MESSAGES.added, data: group(3) };
      return undefined;
    });
    renderWithApp(<ClassesPage />, { path: '/member/classes-group' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Class/Group' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryAllByLabelText(/^Teacher/)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Studio Duo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Class/Group' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/classes/add'))?.body).toEqual({ name: 'Studio Duo', teacherId: me._id, studentIds: [] }));
  });
});

describe('ClassDetailsPage', () => {
  const details: ClassDetails = {
    ...group(1, { studentCount: 2 }),
    students: [
      { _id: STUDENTS[0]!.value, first_name: 'Lily', last_name: 'Chen', status: true },
      { _id: STUDENTS[1]!.value, first_name: 'Owen', last_name: 'Chen', status: false },
    ],
    canEdit: true,
  };
  const renderAt = (id: string) => renderWithApp(
    <Routes>
      <Route path="/classes/group/:id" element={<ClassDetailsPage />} />
    </Routes>,
    { path: `/classes/group/${id}` },
  );

  it('shows the teacher and the students with links to their profiles, and Edit when allowed', async () => {
    sessionAs('admin');
    fakeServer(({ url }) => (url.includes('/classes/view/') ? { data: details } : undefined));
    renderAt(details._id);
    expect(await screen.findByRole('heading', { name: 'Ensemble 1' })).toBeTruthy();
    expect(screen.getByText('Sofia Marin')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lily Chen' }).getAttribute('href')).toBe(`/member/student/${STUDENTS[0]!.value}`);
    expect(screen.getByText('Inactive')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Ensemble 1');
    const teacher = within(dialog).getAllByLabelText(/^Teacher/).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    await waitFor(() => expect(teacher.value).toBe('Sofia Marin'));
    expect(within(dialog).getByText('Lily Chen')).toBeTruthy();
  });

  it('shows a teacher the group read-only', async () => {
    sessionAs('teacher');
    fakeServer(({ url }) => (url.includes('/classes/view/') ? { data: { ...details, canEdit: false } } : undefined));
    renderAt(details._id);
    await screen.findByRole('heading', { name: 'Ensemble 1' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('says when a group is not found', async () => {
    sessionAs('admin');
    fakeServer(({ url }) => (url.includes('/classes/view/') ? { status: 404, message: CLASS_MESSAGES.notFound } : undefined));
    renderAt('00000000-0000-4000-8000-000000000099');
    expect(await screen.findByText('Class/Group not found')).toBeTruthy();
  });
});
