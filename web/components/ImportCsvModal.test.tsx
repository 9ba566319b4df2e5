import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_COLUMNS, LESSON_IMPORT_COLUMNS, MEMBER_MESSAGES, TEACHER_IMPORT_COLUMNS, type ImportPreview } from '../../shared/contracts/members';
import { renderWithApp } from '../test/render';
import { ImportCsvModal, TEMPLATE_CSV } from './ImportCsvModal';
import { fakeServer, selectInput, sessionAs } from '../test/fakeApi';
import { patient } from '../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });

const CSV = `${IMPORT_COLUMNS.join(',')}\nAda,Lovelace,ada,ada@example.com,,,,,,,,\n,Nobody,nobody,bad,,,,,,,,\n`;
const PREVIEW: ImportPreview = {
  rows: [
    { line: 2, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', parentEmail: '', errors: {}, problems: [] },
    {
      line: 3, first_name: '', last_name: 'Nobody', email: 'bad', parentEmail: '',
      errors: { first_name: 'First Name is Required', email: 'Please provide a valid email address' },
      problems: ['First Name is Required', 'Email: Please provide a valid email address'],
    },
  ],
  validCount: 1,
  errorCount: 1,
  skippedCount: 0,
};

function chooseFile(content: string) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([content], 'students.csv', { type: 'text/csv' })] } });
}

describe('ImportStudentsModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('previews every row with its line and errors, then imports the valid ones', async () => {
    sessionAs('admin');
    const calls = fakeServer(({ url }) => {
      if (url.endsWith('/import/preview')) return { data: PREVIEW };
      if (url.endsWith('/member/students/import')) return { message: MEMBER_MESSAGES.importDone(1) };
      return undefined;
    });
    const onClose = vi.fn();
    renderWithApp(<ImportCsvModal kind="students" opened onClose={onClose} />);
    const template = screen.getByRole('link', { name: 'Download a template CSV' });
    expect(decodeURIComponent(template.getAttribute('href') ?? '')).toContain(IMPORT_COLUMNS.join(','));
    expect(TEMPLATE_CSV.students.split('\n')[0]).toBe(IMPORT_COLUMNS.join(','));
    expect(screen.getByRole('button', { name: 'Import 0 students' })).toHaveProperty('disabled', true);

    chooseFile(CSV);
    expect(await screen.findByText('1 row ready, 1 with errors')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/import/preview'))?.body).toEqual({ csv: CSV, source: 'cadenza' });
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    const rows = table.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.getAttribute('data-invalid')).toBeNull();
    expect(rows[1]!.getAttribute('data-invalid')).toBe('true');
    expect(rows[1]!.textContent).toContain('3');
    // Each error in words, led by its column, never the field's internal name (decision 095).
    expect(rows[1]!.textContent).toContain('First Name is Required');
    expect(rows[1]!.textContent).toContain('Email: Please provide a valid email address');
    expect(rows[1]!.textContent).not.toContain('first_name');
    expect(screen.getByText('Each row is named by its line in the file, the header being line 1.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Import 1 student' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.url.endsWith('/member/students/import'))?.body).toEqual({ csv: CSV, source: 'cadenza' });
  });

  it('keeps the import off when no row is valid, and shows a refused file under the field', async () => {
    sessionAs('admin');
    fakeServer(({ url, body }) => {
      if (!url.endsWith('/import/preview')) return undefined;
      if (String(body?.csv).startsWith('x')) return { status: 400, message: 'Validation failed', errors: { csv: 'The file has no header row' } };
      return { data: { rows: [PREVIEW.rows[1]!], validCount: 0, errorCount: 1, skippedCount: 0 } };
    });
    renderWithApp(<ImportCsvModal kind="students" opened onClose={() => {}} />);
    chooseFile(CSV);
    expect(await screen.findByText('0 rows ready, 1 with errors')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import 0 students' })).toHaveProperty('disabled', true);

    chooseFile('x');
    expect(await screen.findByText('The file has no header row')).toBeTruthy();
  });

  it('maps the columns of any CSV, previews with them and shows who is already in the school', async () => {
    sessionAs('admin');
    const mapped = 'Given,"Family, name",E-mail\nAda,Lovelace,ada@example.com\nAlan,Turing,alan@example.com\n';
    const calls = fakeServer(({ url }) => {
      if (url.endsWith('/import/preview')) {
        return { data: {
          rows: [
            { line: 2, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', parentEmail: '', errors: {}, problems: [], skipped: true },
            { line: 3, first_name: 'Alan', last_name: 'Turing', email: 'alan@example.com', parentEmail: '', errors: {}, problems: [] },
          ],
          validCount: 1, errorCount: 0, skippedCount: 1,
        } };
      }
      if (url.endsWith('/member/students/import')) return { message: MEMBER_MESSAGES.importDone(1) };
      return undefined;
    });
    const onClose = vi.fn();
    renderWithApp(<ImportCsvModal kind="students" opened onClose={onClose} />);
    fireEvent.click(selectInput(screen, 'Exported from'));
    fireEvent.click(await screen.findByRole('option', { name: 'Any CSV (choose the columns)' }));
    chooseFile(mapped);
    const check = await screen.findByRole('button', { name: 'Check the file' });
    expect(check).toHaveProperty('disabled', true);
    for (const [label, header] of [['First name', 'Given'], ['Last name', 'Family, name'], ['Email', 'E-mail']] as const) {
      fireEvent.click(selectInput(screen, label));
      fireEvent.click(await screen.findByRole('option', { name: header }));
    }
    expect(calls.some((c) => c.url.endsWith('/import/preview'))).toBe(false);
    fireEvent.click(check);
    expect(await screen.findByText(/1 row ready, 0 with errors\s*, 1 already in the school/)).toBeTruthy();
    const body = { csv: mapped, source: 'custom', mapping: { first_name: 'Given', last_name: 'Family, name', email: 'E-mail' } };
    expect(calls.find((c) => c.url.endsWith('/import/preview'))?.body).toEqual(body);
    expect(screen.getByText('Already in the school')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Import 1 student' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.url.endsWith('/member/students/import'))?.body).toEqual(body);
  });

  it('imports teachers the same way: their columns, an inactive one shown, no parent column', async () => {
    sessionAs('admin');
    const tutorbird = 'First Name,Last Name,Email Address,Status\nTess,Keys,tess@example.com,Active\nIvan,Old,ivan@example.com,Inactive\nNo,Mail,,Active\n';
    const calls = fakeServer(({ url }) => {
      if (url.endsWith('/member/teachers/import/preview')) {
        return { data: {
          rows: [
            { line: 2, first_name: 'Tess', last_name: 'Keys', email: 'tess@example.com', parentEmail: '', errors: {}, problems: [] },
            { line: 3, first_name: 'Ivan', last_name: 'Old', email: 'ivan@example.com', parentEmail: '', errors: {}, problems: [], inactive: true },
            { line: 4, first_name: 'No', last_name: 'Mail', email: '', parentEmail: '', errors: { email: 'Email is Required' }, problems: ['Email Address: Email is Required'] },
          ],
          validCount: 2, errorCount: 1, skippedCount: 0,
        } };
      }
      if (url.endsWith('/member/teachers/import')) return { message: MEMBER_MESSAGES.importDone(2, 'teachers') };
      return undefined;
    });
    const onClose = vi.fn();
    renderWithApp(<ImportCsvModal kind="teachers" opened onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Import teachers from CSV' })).toBeTruthy();
    expect(decodeURIComponent(screen.getByRole('link', { name: 'Download a template CSV' }).getAttribute('href') ?? '')).toContain(TEACHER_IMPORT_COLUMNS.join(','));
    fireEvent.click(selectInput(screen, 'Exported from'));
    fireEvent.click(await screen.findByRole('option', { name: 'TutorBird' }));
    chooseFile(tutorbird);
    expect(await screen.findByText('2 rows ready, 1 with errors')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/member/teachers/import/preview'))?.body).toEqual({ csv: tutorbird, source: 'tutorbird' });
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    expect(table.textContent).not.toContain('Parent email');
    expect(screen.getByText('Ready, inactive')).toBeTruthy();
    expect(screen.getByText('Email Address: Email is Required')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Import 2 teachers' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.url.endsWith('/member/teachers/import'))?.body).toEqual({ csv: tutorbird, source: 'tutorbird' });
  });

  it('offers only the teachers columns when mapping a teachers file', async () => {
    sessionAs('admin');
    fakeServer(() => undefined);
    renderWithApp(<ImportCsvModal kind="teachers" opened onClose={() => {}} />);
    fireEvent.click(selectInput(screen, 'Exported from'));
    fireEvent.click(await screen.findByRole('option', { name: 'Any CSV (choose the columns)' }));
    chooseFile('Given,Family,E-mail\nTe,Acher,te@example.com\n');
    expect(await screen.findByRole('button', { name: 'Check the file' })).toBeTruthy();
    expect(selectInput(screen, 'Status')).toBeTruthy();
    expect(screen.queryByLabelText('Parent email')).toBeNull();
  });

  it('imports weekly lessons from a mapped file: its own columns, the lesson in words, those already on the calendar', async () => {
    sessionAs('admin');
    const file = 'Pupil,Instructor,Day,At,Minutes,From\nlily@example.com,Sofia Marin,Monday,16:00,30,2027-03-01\nlily@example.com,Sofia Marin,Tuesday,16:00,30,2027-03-02\nnobody@example.com,Sofia Marin,Monday,16:00,30,2027-03-01\n';
    const mapping = { student: 'Pupil', teacher: 'Instructor', weekday: 'Day', start_time: 'At', duration: 'Minutes', first_date: 'From' };
    const calls = fakeServer(({ url }) => {
      if (url.endsWith('/member/lessons/import/preview')) {
        return { data: {
          rows: [
            { line: 2, first_name: 'Lily Chen', last_name: '', email: 'lily@example.com', parentEmail: '', errors: {}, problems: [], lesson: 'Mondays at 16:00, 30 minutes, with Sofia Marin, from 2027-03-01' },
            { line: 3, first_name: 'Lily Chen', last_name: '', email: 'lily@example.com', parentEmail: '', errors: {}, problems: [], skipped: true, lesson: 'Tuesdays at 16:00, 30 minutes, with Sofia Marin, from 2027-03-02' },
            { line: 4, first_name: 'nobody@example.com', last_name: '', email: '', parentEmail: '', errors: { student: 'No active student of this school has this email' }, problems: ['Pupil: No active student of this school has this email'] },
          ],
          validCount: 1, errorCount: 1, skippedCount: 1,
        } };
      }
      if (url.endsWith('/member/lessons/import')) return { message: MEMBER_MESSAGES.importDone(1, 'lessons') };
      return undefined;
    });
    const onClose = vi.fn();
    renderWithApp(<ImportCsvModal kind="lessons" opened onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Import lessons from CSV' })).toBeTruthy();
    expect(decodeURIComponent(screen.getByRole('link', { name: 'Download a template CSV' }).getAttribute('href') ?? '')).toContain(LESSON_IMPORT_COLUMNS.join(','));
    fireEvent.click(selectInput(screen, 'Exported from'));
    fireEvent.click(await screen.findByRole('option', { name: 'Any CSV (choose the columns)' }));
    chooseFile(file);
    const check = await screen.findByRole('button', { name: 'Check the file' });
    expect(screen.queryByLabelText('Parent email')).toBeNull();
    const labels: Record<string, string> = { student: 'Student', teacher: 'Teacher', weekday: 'Weekday', start_time: 'Start time', duration: 'Duration (minutes)', first_date: 'First date' };
    expect(check).toHaveProperty('disabled', true);
    for (const [column, header] of Object.entries(mapping)) {
      fireEvent.click(selectInput(screen, labels[column]!));
      fireEvent.click(await screen.findByRole('option', { name: header }));
    }
    expect(check).toHaveProperty('disabled', false);
    fireEvent.click(check);
    expect(await screen.findByText('1 row ready, 1 with errors, 1 already on the calendar')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/member/lessons/import/preview'))?.body).toEqual({ csv: file, source: 'custom', mapping });
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    expect(table.textContent).toContain('Mondays at 16:00, 30 minutes, with Sofia Marin, from 2027-03-01');
    expect(screen.getByText('Already on the calendar')).toBeTruthy();
    expect(screen.getByText('Pupil: No active student of this school has this email')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Import 1 lesson' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.url.endsWith('/member/lessons/import'))?.body).toEqual({ csv: file, source: 'custom', mapping });
  });
});
