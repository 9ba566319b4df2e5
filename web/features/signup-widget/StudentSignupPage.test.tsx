import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type Answer as Envelope } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import StudentSignupPage from './StudentSignupPage';
import { patient } from '../../../tests/patience';

const ADMIN = '00000000-0000-4000-8000-0000000000aa';
const PIANO = '00000000-0000-4000-8000-000000000001';
const CELLO = '00000000-0000-4000-8000-000000000002';
const SCHOOL = { school_name: 'Riverside Music Academy', genres: [{ _id: CELLO, name: 'Cello' }, { _id: PIANO, name: 'Piano' }] };
const SLOW = { timeout: patient(5000) };

type Answer = { status: number; body: Envelope };

/** The school call answers SCHOOL; the add call answers `add` and keeps what it was sent. */
function serve(add: Answer = { status: 200, body: { status: 200, message: 'student register successfully', data: { _id: 'x' } } }) {
  const sent: unknown[] = [];
  const fetch = fakeFetch(({ url, body }) => {
    if (url.endsWith('/school')) return { message: 'Success', data: SCHOOL };
    sent.push(body);
    return { ...add.body, status: add.status };
  });
  return { fetch, sent };
}

function renderPage() {
  return renderWithApp(
    <Routes>
      <Route path="/studentSignup/:id" element={<StudentSignupPage />} />
    </Routes>,
    { path: `/studentSignup/${ADMIN}` },
  );
}

function messageOf(input: HTMLElement): string | null | undefined {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).find(Boolean);
}

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

async function pick(select: HTMLElement, option: string) {
  fireEvent.click(select);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function addInstrument(name: string, level: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Add Instrument/Genre' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Instrument/Genre' });
  await pick(within(dialog).getByLabelText(/^Instrument\/Genre/, { selector: 'input' }), name);
  await pick(within(dialog).getByLabelText(/^Level/, { selector: 'input' }), level);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
}

async function fillValid() {
  type('First Name', 'Nora');
  type('Last Name', 'Quill');
  type('Email', 'nora@example.com');
  type('Cell Phone', '2065550142');
}

describe('StudentSignupPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the school's name, the labelled fields and the contact text", async () => {
    const { fetch } = serve();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Riverside Music Academy' })).toBeTruthy();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/student/studentSignupWidget/school');
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ adminId: ADMIN });
    for (const label of ['First Name', 'Last Name', 'Email', 'Cell Phone']) expect(field(label)).toBeTruthy();
    expect(screen.getByText('The school will contact you to complete the process.')).toBeTruthy();
  });

  it('takes the school from the adminId property too', async () => {
    const { fetch } = serve();
    renderWithApp(<StudentSignupPage adminId={ADMIN} />);
    expect(await screen.findByRole('heading', { name: 'Riverside Music Academy' })).toBeTruthy();
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ adminId: ADMIN });
  });

  it('gives every documented message for an empty form and sends nothing', async () => {
    const { sent } = serve();
    renderPage();
    await screen.findByRole('heading', { name: 'Riverside Music Academy' });
    submit();
    await waitFor(() => expect(messageOf(field('First Name'))).toBe('First Name is Required'), SLOW);
    expect(messageOf(field('Last Name'))).toBe('Last Name is Required');
    expect(messageOf(field('Email'))).toBe('Email is Required');
    expect(messageOf(field('Cell Phone'))).toBe('Cell Phone is Required');
    type('Email', 'nora@');
    await waitFor(() => expect(messageOf(field('Email'))).toBe('Please provide a valid email address'), SLOW);
    expect(sent).toEqual([]);
  });

  it('formats the phone as (NNN) NNN-NNNN while typing', async () => {
    serve();
    renderPage();
    await screen.findByRole('heading', { name: 'Riverside Music Academy' });
    type('Cell Phone', '206');
    expect((field('Cell Phone') as HTMLInputElement).value).toBe('(206');
    type('Cell Phone', '2065550');
    expect((field('Cell Phone') as HTMLInputElement).value).toBe('(206) 555-0');
    type('Cell Phone', '206-555-0142 99');
    expect((field('Cell Phone') as HTMLInputElement).value).toBe('(206) 555-0142');
  });

  it('the modal requires an instrument/genre and a level with the documented messages', async () => {
    serve();
    renderPage();
    await screen.findByRole('heading', { name: 'Riverside Music Academy' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Instrument/Genre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Instrument/Genre' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Instrument/Genre is Required', {}, SLOW)).toBeTruthy();
    expect(within(dialog).getByText('Level is Required')).toBeTruthy();
  });

  it('adds, re-levels and removes instruments, and sends them with the form', async () => {
    const { sent } = serve();
    renderPage();
    await screen.findByRole('heading', { name: 'Riverside Music Academy' });
    await addInstrument('Piano', 'Beginner');
    await addInstrument('Cello', 'Advanced');
    // The list with its level Selects is a chunk of its own, fetched with the dialog (decision 097).
    expect((await screen.findByLabelText('Level for Piano', { selector: 'input' }) as HTMLInputElement).value).toBe('Beginner');
    expect(screen.getByText('Piano')).toBeTruthy();
    await pick(screen.getByLabelText('Level for Piano', { selector: 'input' }), 'Intermediate');
    expect((screen.getByLabelText('Level for Piano', { selector: 'input' }) as HTMLInputElement).value).toBe('Intermediate');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Cello' }));
    expect(screen.queryByText('Cello')).toBeNull();

    await fillValid();
    submit();
    await waitFor(() => expect(sent).toHaveLength(1), SLOW);
    expect(sent[0]).toEqual({
      first_name: 'Nora', last_name: 'Quill', email: 'nora@example.com', cellPhone: '(206) 555-0142',
      genreId: [{ genreId: PIANO, level: 'intermediate' }], adminId: ADMIN, role: 'student',
    });
  });

  it('on success shows "student register successfully" and clears the form', async () => {
    serve();
    renderPage();
    await screen.findByRole('heading', { name: 'Riverside Music Academy' });
    await addInstrument('Piano', 'Beginner');
    await fillValid();
    submit();
    expect(await screen.findByText('student register successfully', {}, SLOW)).toBeTruthy();
    expect((field('First Name') as HTMLInputElement).value).toBe('');
    expect((field('Email') as HTMLInputElement).value).toBe('');
    expect((field('Cell Phone') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Piano')).toBeNull();
    expect(messageOf(field('First Name'))).toBeFalsy();
  });

  it("on failure shows the server's message and keeps what was typed", async () => {
    serve({ status: 429, body: { status: 429, message: 'Too many signups from this address. Please try again later.', data: null } });
    renderPage();
    await screen.findByRole('heading', { name: 'Riverside Music Academy' });
    await fillValid();
    submit();
    expect(await screen.findByText('Too many signups from this address. Please try again later.', {}, SLOW)).toBeTruthy();
    expect((field('First Name') as HTMLInputElement).value).toBe('Nora');
  });

  it('puts a field error of the server under its field', async () => {
    serve({ status: 400, body: { status: 400, message: 'Please provide a valid email address', data: null, errors: { email: 'Please provide a valid email address' } } });
    renderPage();
    await screen.findByRole('heading', { name: 'Riverside Music Academy' });
    await fillValid();
    submit();
    await waitFor(() => expect(messageOf(field('Email'))).toBe('Please provide a valid email address'), SLOW);
  });

  it('says so when the school does not take signups', async () => {
    fakeFetch(() => ({ status: 404, message: 'This signup page is not available. Please contact the school.', data: null }));
    renderPage();
    expect(await screen.findByText('This signup page is not available. Please contact the school.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});
