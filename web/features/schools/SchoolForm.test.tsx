import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCHOOL_MESSAGES, type SchoolDetails } from '../../../shared/contracts/schools';
import { fakeFetch } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { SchoolForm } from './SchoolForm';

const LABELS = [
  'First Name', 'Last Name', 'School Name', 'Username', 'Email', 'Working Phone', 'Address', 'City', 'State',
  'Postal Code', 'Country',
];

function answer(status: number, message: string, errors?: Record<string, string>) {
  return fakeFetch(() => ({ status, message, data: null, errors }));
}

function fillValid() {
  const values: Record<string, string> = {
    'First Name': 'Ada', 'Last Name': 'Lovelace', 'School Name': 'Harmony Music', Username: 'harmony',
    Email: 'ada@example.com', Address: '48 Riverside Drive', City: 'New York', State: 'NY', 'Postal Code': '10024',
  };
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
  fireEvent.change(screen.getByLabelText('Working Phone'), { target: { value: '2125550142' } });
}

const details: SchoolDetails = {
  _id: '00000000-0000-4000-8000-000000000001', userId: 'u1', school_name: 'Harmony', first_name: 'Ada',
  last_name: 'Owner', username: 'harmony', email: 'h@example.com', working_phone: '(212) 555-0142', city: 'New York',
  state: 'NY', status: true, role: 'admin', addrole: 'School', createdAt: '2026-01-01T00:00:00.000Z', planLapsed: false,
  address1: '1 Main St', postal_code: '10001', country: 'United States', teacherCount: 2, studentCount: 9,
  activeStudentCount: 7,
};

describe('SchoolForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('labels every field, presets the role and country, and limits the postal code', () => {
    renderWithApp(<SchoolForm mode="add" addrole="Private teacher" onDone={() => {}} onCancel={() => {}} />);
    for (const label of LABELS) expect(screen.getByLabelText(label)).toBeInstanceOf(HTMLInputElement);
    expect(screen.getByRole('radio', { name: 'Private teacher' })).toHaveProperty('checked', true);
    expect((screen.getByLabelText('Country') as HTMLInputElement).value).toBe('United States');
    const postal = screen.getByLabelText('Postal Code') as HTMLInputElement;
    expect(postal.maxLength).toBe(5);
    expect(fireEvent.keyDown(postal, { key: 'a' })).toBe(false);
    expect(fireEvent.keyDown(postal, { key: '7' })).toBe(true);
  });

  it('shows the documented messages under empty fields without calling the server', async () => {
    const fetch = answer(200, 'OK');
    renderWithApp(<SchoolForm mode="add" addrole="School" onDone={() => {}} onCancel={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add School' }));
    expect(await screen.findByText('School Name is Required')).toBeTruthy();
    expect(screen.getByText('Postal Code is Required')).toBeTruthy();
    expect(screen.getByText('First Name is Required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('puts the server’s username error on the Username field', async () => {
    answer(400, 'Validation failed', { username: SCHOOL_MESSAGES.usernameTaken });
    const onDone = vi.fn();
    renderWithApp(<SchoolForm mode="add" addrole="School" onDone={onDone} onCancel={() => {}} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Add School' }));
    expect(await screen.findByText(SCHOOL_MESSAGES.usernameTaken)).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows other failures in an alert: the server’s message, or "Something went wrong"', async () => {
    answer(409, 'This school is being set up already');
    renderWithApp(<SchoolForm mode="add" addrole="School" onDone={() => {}} onCancel={() => {}} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Add School' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This school is being set up already');

    answer(500, '');
    fireEvent.click(screen.getByRole('button', { name: 'Add School' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(SCHOOL_MESSAGES.failed));
    expect(screen.getByRole('alert').textContent).not.toContain('This school');
  });

  it('adds with the chosen role and closes on success', async () => {
    const fetch = answer(200, SCHOOL_MESSAGES.schoolAdded);
    const onDone = vi.fn();
    renderWithApp(<SchoolForm mode="add" addrole="School" onDone={onDone} onCancel={() => {}} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Add School' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/school/privateteacher/add');
    expect(JSON.parse(String(init.body))).toMatchObject({
      school_name: 'Harmony Music', username: 'harmony', postal_code: '10024', country: 'United States',
      addrole: 'School', working_phone: '+12125550142',
    });
  });

  it('edits without a username and sends the id', async () => {
    const fetch = answer(200, SCHOOL_MESSAGES.updated);
    const onDone = vi.fn();
    renderWithApp(<SchoolForm mode="edit" school={details} onDone={onDone} onCancel={() => {}} />);
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect((screen.getByLabelText('School Name') as HTMLInputElement).value).toBe('Harmony');
    fireEvent.change(screen.getByLabelText('School Name'), { target: { value: 'Harmony Two' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/school/privateteacher/update');
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ id: details._id, school_name: 'Harmony Two', working_phone: '+12125550142' });
    expect(body).not.toHaveProperty('username');
  });
});
