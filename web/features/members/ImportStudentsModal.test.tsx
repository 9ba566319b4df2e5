import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_COLUMNS, MEMBER_MESSAGES, type ImportPreview } from '../../../shared/contracts/members';
import { renderWithApp } from '../../test/render';
import { ImportStudentsModal, TEMPLATE_CSV } from './ImportStudentsModal';
import { fakeServer, sessionAs } from './testServer';
import { selectInput } from '../../test/fakeApi';

vi.setConfig({ testTimeout: 20_000 });

const CSV = `${IMPORT_COLUMNS.join(',')}\nAda,Lovelace,ada,ada@example.com,,,,,,,\n,Nobody,nobody,bad,,,,,,,\n`;
const PREVIEW: ImportPreview = {
  rows: [
    { line: 2, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', parentEmail: '', errors: {} },
    { line: 3, first_name: '', last_name: 'Nobody', email: 'bad', parentEmail: '', errors: { first_name: 'First Name is Required', email: 'Please provide a valid email address' } },
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
    renderWithApp(<ImportStudentsModal opened onClose={onClose} />);
    const template = screen.getByRole('link', { name: 'Download a template CSV' });
    expect(decodeURIComponent(template.getAttribute('href') ?? '')).toContain(IMPORT_COLUMNS.join(','));
    expect(TEMPLATE_CSV.split('\n')[0]).toBe(IMPORT_COLUMNS.join(','));
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
    expect(rows[1]!.textContent).toContain('first_name: First Name is Required');
    expect(rows[1]!.textContent).toContain('email: Please provide a valid email address');

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
    renderWithApp(<ImportStudentsModal opened onClose={() => {}} />);
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
            { line: 2, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', parentEmail: '', errors: {}, skipped: true },
            { line: 3, first_name: 'Alan', last_name: 'Turing', email: 'alan@example.com', parentEmail: '', errors: {} },
          ],
          validCount: 1, errorCount: 0, skippedCount: 1,
        } };
      }
      if (url.endsWith('/member/students/import')) return { message: MEMBER_MESSAGES.importDone(1) };
      return undefined;
    });
    const onClose = vi.fn();
    renderWithApp(<ImportStudentsModal opened onClose={onClose} />);
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
});
