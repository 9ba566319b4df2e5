import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_MESSAGES, type MemberProfile } from '../../../shared/contracts/members';
import { renderWithApp } from '../../test/render';
import { MemberForm } from './MemberForm';
import { GENRES, PARENT_OPTIONS, TEACHER_OPTIONS, fakeServer, selectInput, sessionAs, student } from './testServer';
import { patient } from '../../../tests/patience';

function fill(values: Record<string, string>, within: { getByLabelText: (label: string) => HTMLElement } = screen) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(within.getByLabelText(label), { target: { value } });
}

const VALID = { 'First Name': 'Ada', 'Last Name': 'Lovelace', Username: 'adalovelace', Email: 'ada@example.com' };
const bodyOf = (calls: { url: string; body?: unknown }[], suffix: string) => calls.find((c) => c.url.endsWith(suffix))?.body as Record<string, unknown>;

async function pick(label: string, option: string, scope: Parameters<typeof selectInput>[0] = screen) {
  fireEvent.click(selectInput(scope, label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

// Many fields and pickers: slow on a busy machine.
vi.setConfig({ testTimeout: patient(20_000) });

describe('MemberForm', () => {
  beforeEach(() => sessionAs('admin'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the contract’s messages under the fields without calling the server', async () => {
    const calls = fakeServer(() => undefined);
    renderWithApp(<MemberForm kind="teachers" mode="add" onDone={() => {}} onCancel={() => {}} />);
    expect(screen.getByText(/receives an email invitation to set their password/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Teacher' }));
    expect(await screen.findByText('First Name is Required')).toBeTruthy();
    expect(screen.getByText('Last Name is Required')).toBeTruthy();
    expect(screen.getByText('Username is Required')).toBeTruthy();
    expect(screen.getByText('Email is Required')).toBeTruthy();

    fill({ 'First Name': '1Ada', 'Last Name': 'Love#lace', Username: 'ada lovelace', Email: 'ada@', 'Postal Code': '12a', 'Private lesson rate': '12.345', 'Class/Group lesson rate': '-4' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Teacher' }));
    expect(await screen.findByText('first character should be alphabet')).toBeTruthy();
    expect(screen.getByText('Special characters are not allowed')).toBeTruthy();
    expect(screen.getByText('Username may use only letters, digits, dot, dash and underscore')).toBeTruthy();
    expect(screen.getByText('Please provide a valid email address')).toBeTruthy();
    expect(screen.getByText('Should allow only Numeric Value')).toBeTruthy();
    expect(screen.getByText('Please enter at most two decimals')).toBeTruthy();
    expect(screen.getByText('Please enter an amount between 0 and 100000')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/add'))).toBe(false);
  });

  it('adds a teacher with instruments and pay rates, in dollars as typed', async () => {
    const calls = fakeServer(({ url }) => (url.endsWith('/member/teachers/add') ? { message: MEMBER_MESSAGES.added('teachers') } : undefined));
    const onDone = vi.fn();
    renderWithApp(<MemberForm kind="teachers" mode="add" onDone={onDone} onCancel={() => {}} />);
    fill({ ...VALID, 'Private lesson rate': '45.50', 'Class/Group lesson rate': '20' });
    fireEvent.click(selectInput(screen, 'Instruments/Genres'));
    fireEvent.click(await screen.findByRole('option', { name: 'Guitar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Teacher' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    // Dollars: the server's copy of the schema makes them cents.
    expect(bodyOf(calls, '/member/teachers/add')).toMatchObject({
      first_name: 'Ada', username: 'adalovelace', genreIds: [GENRES[1]!._id], private_rate: 45.5, class_group_rate: 20,
    });
  });

  it('says at once that a username is taken, and puts the server’s field errors under the fields', async () => {
    fakeServer(({ url, body }) => {
      if (url.endsWith('/auth/checkvalidation')) {
        return body?.value === 'taken' ? { data: { available: false }, message: MEMBER_MESSAGES.usernameTaken } : { data: { available: true }, message: 'Username is available' };
      }
      if (url.endsWith('/member/parents/add')) return { status: 400, message: 'Validation failed', errors: { email: MEMBER_MESSAGES.emailTaken } };
      return undefined;
    });
    const onDone = vi.fn();
    renderWithApp(<MemberForm kind="parents" mode="add" onDone={onDone} onCancel={() => {}} />);
    fill({ Username: 'taken' });
    expect(await screen.findByText(MEMBER_MESSAGES.usernameTaken, {}, { timeout: patient(2000) })).toBeTruthy();
    fill({ ...VALID });
    expect(await screen.findByText('Username is available', {}, { timeout: patient(2000) })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Parent' }));
    expect(await screen.findByText(MEMBER_MESSAGES.emailTaken)).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows a failure that belongs to no field in an alert', async () => {
    fakeServer(({ url }) => (url.endsWith('/add') ? { status: 403, message: 'You may not do this' } : undefined));
    renderWithApp(<MemberForm kind="subadmins" mode="add" onDone={() => {}} onCancel={() => {}} />);
    fill(VALID);
    fireEvent.click(screen.getByLabelText('Allow payroll report'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Sub Admin' }));
    const message = await screen.findByText('You may not do this');
    expect(message.closest('[role="alert"]')?.textContent).toContain('Could not save');
  });

  it('adds a student with an instrument, a teacher, a parent and a new parent', async () => {
    const calls = fakeServer(({ url }) =>
      url.endsWith('/member/students/add')
        ? { status: 400, message: 'Validation failed', errors: { 'newParent.username': MEMBER_MESSAGES.usernameTaken } }
        : undefined,
    );
    const onDone = vi.fn();
    renderWithApp(<MemberForm kind="students" mode="add" onDone={onDone} onCancel={() => {}} />);
    fill(VALID);

    fireEvent.click(screen.getByRole('button', { name: 'Add Instrument/Genre' }));
    const modal = await screen.findByRole('dialog', { name: 'Add Instrument/Genre' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Add' }));
    expect(await within(modal).findByText('Instrument/Genre is Required')).toBeTruthy();
    expect(within(modal).getByText('Level is Required')).toBeTruthy();
    await pick('Instrument/Genre', 'Piano', within(modal));
    await pick('Level', 'Intermediate', within(modal));
    fireEvent.click(within(modal).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Instrument/Genre' })).toBeNull());
    expect(screen.getByText('Piano')).toBeTruthy();

    await pick('Teachers', TEACHER_OPTIONS[0]!.label);
    await pick('Parents', PARENT_OPTIONS[0]!.label);

    fireEvent.click(screen.getByLabelText('Add a new parent'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Student' }));
    expect(await screen.findByText('First Name is Required')).toBeTruthy();
    expect(screen.getByText('Username is Required')).toBeTruthy();
    fill({ 'Parent First Name': 'Grace', 'Parent Last Name': 'Chen', 'Parent Username': 'gracechen2', 'Parent Email': 'grace2@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Student' }));
    expect(await screen.findByText(MEMBER_MESSAGES.usernameTaken)).toBeTruthy();
    expect(screen.getByLabelText('Parent Username').getAttribute('aria-invalid')).toBe('true');
    expect(bodyOf(calls, '/member/students/add')).toMatchObject({
      instruments: [{ genreId: GENRES[0]!._id, level: 'intermediate' }],
      teacherIds: [TEACHER_OPTIONS[0]!.value],
      parentIds: [PARENT_OPTIONS[0]!.value],
      newParent: { first_name: 'Grace', last_name: 'Chen', username: 'gracechen2', email: 'grace2@example.com', cellPhone: '' },
    });
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends no new parent while the switch is off', async () => {
    const calls = fakeServer(({ url }) => (url.endsWith('/member/students/add') ? { message: MEMBER_MESSAGES.added('students') } : undefined));
    const onDone = vi.fn();
    renderWithApp(<MemberForm kind="students" mode="add" onDone={onDone} onCancel={() => {}} />);
    fill(VALID);
    fireEvent.click(screen.getByRole('button', { name: 'Add Student' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodyOf(calls, '/member/students/add')).not.toHaveProperty('newParent');
  });

  it('edits a student without a username, keeping and changing levels in the list', async () => {
    const member: MemberProfile = {
      ...student(1), first_name: 'Lily', address1: '1 Main St', city: 'New York', state: 'NY', postal_code: '10001', classGroups: [], families: [], canEdit: true,
    };
    const calls = fakeServer(({ url }) => (url.endsWith('/member/students/update') ? { message: MEMBER_MESSAGES.updated('students') } : undefined));
    const onDone = vi.fn();
    renderWithApp(<MemberForm kind="students" mode="edit" member={member} onDone={onDone} onCancel={() => {}} />);
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(screen.queryByLabelText('Add a new parent')).toBeNull();
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('New York');
    await pick('Level of Piano', 'Advanced');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const body = bodyOf(calls, '/member/students/update');
    expect(body).toMatchObject({ id: member._id, instruments: [{ genreId: GENRES[0]!._id, level: 'advanced' }], teacherIds: [TEACHER_OPTIONS[0]!.value] });
    expect(body).not.toHaveProperty('username');
  });

  it('shows and sends no pay rate without the payroll right (a sub-admin without it)', async () => {
    sessionAs('subadmin', null, { allow_payroll_report: false });
    const teacher: MemberProfile = {
      ...student(1), role: 'teacher', first_name: 'Sofia', last_name: 'Marin', instruments: undefined, teachers: undefined, parents: undefined,
      genres: [GENRES[0]!], studentCount: 4, address1: '', city: '', state: '', postal_code: '', classGroups: [], families: [], canEdit: true,
    };
    const calls = fakeServer(({ url }) => (url.endsWith('/member/teachers/update') ? { message: MEMBER_MESSAGES.updated('teachers') } : undefined));
    const onDone = vi.fn();
    renderWithApp(<MemberForm kind="teachers" mode="edit" member={teacher} onDone={onDone} onCancel={() => {}} />);
    expect(screen.queryByLabelText('Private lesson rate')).toBeNull();
    expect(screen.queryByLabelText('Class/Group lesson rate')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const body = bodyOf(calls, '/member/teachers/update');
    expect(body).toMatchObject({ id: teacher._id, genreIds: [GENRES[0]!._id] });
    expect(body).not.toHaveProperty('private_rate');
    expect(body).not.toHaveProperty('class_group_rate');
  });

  it('shows the rates to a sub-admin with the payroll right', () => {
    sessionAs('subadmin', null, { allow_payroll_report: true });
    fakeServer(() => undefined);
    renderWithApp(<MemberForm kind="teachers" mode="add" onDone={() => {}} onCancel={() => {}} />);
    expect(screen.getByLabelText('Private lesson rate')).toBeTruthy();
  });

  it('edits a teacher’s rates in dollars, both ways', async () => {
    const teacher: MemberProfile = {
      ...student(1), role: 'teacher', first_name: 'Sofia', last_name: 'Marin', instruments: undefined, teachers: undefined, parents: undefined,
      genres: [GENRES[0]!], private_rate: 45.5, class_group_rate: 20, studentCount: 4,
      address1: '', city: '', state: '', postal_code: '', classGroups: [], families: [], canEdit: true,
    };
    const calls = fakeServer(({ url }) => (url.endsWith('/member/teachers/update') ? { message: MEMBER_MESSAGES.updated('teachers') } : undefined));
    const onDone = vi.fn();
    renderWithApp(<MemberForm kind="teachers" mode="edit" member={teacher} onDone={onDone} onCancel={() => {}} />);
    expect((screen.getByLabelText('Private lesson rate') as HTMLInputElement).value).toBe('45.5');
    fill({ 'Class/Group lesson rate': '22.25' });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodyOf(calls, '/member/teachers/update')).toMatchObject({ id: teacher._id, genreIds: [GENRES[0]!._id], private_rate: 45.5, class_group_rate: 22.25 });
  });
});
