import { Table } from '@mantine/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { ListTable, type ListQueryState } from './ListTable';
import { ResponsiveTable } from './ResponsiveTable';
import { cardLayoutOf, cardPlaces, cssString, MAX_CARD_COLUMNS } from './tableColumns';

const settled: ListQueryState = { isPending: false, isFetching: false, isError: false, error: null, refetch: () => undefined };
const pagination = { page: 1, totalPages: 1, onChange: () => undefined };

function StudentRow({ name }: { name: string }) {
  return (
    <Table.Tr>
      <Table.Td>{name}</Table.Td>
      <Table.Td>{`${name.toLowerCase()}@example.com`}</Table.Td>
      <Table.Td>Active</Table.Td>
      <Table.Td><button type="button">Edit {name}</button></Table.Td>
    </Table.Tr>
  );
}

/** The label a phone shows beside a table's cell: its column's --card-label-N, read as CSS would. */
function labelOf(table: HTMLElement, position: number): string | null {
  const value = table.style.getPropertyValue(`--card-label-${position}`);
  return value === '' ? null : (JSON.parse(value) as string);
}

describe('the card rule of a table (docs/decisions/089-lists-as-cards-on-phones.md)', () => {
  it('reads each column’s place from its label: the first is the title, a last "Actions" or blank the actions, the first "Status" the status', () => {
    expect(cardPlaces(['Name', 'Email', 'Status', 'Added', 'Actions'])).toEqual(['title', 'line', 'status', 'line', 'actions']);
    expect(cardPlaces(['Period', 'Teachers', 'Total', ''])).toEqual(['title', 'line', 'line', 'actions']);
    expect(cardPlaces(['Item', 'Code', 'State', 'Status'])).toEqual(['title', 'line', 'status', 'line']);
    // "Actions" that is not the last column is a line; a blank middle column too.
    expect(cardPlaces(['Name', 'Actions', '', 'Notes'])).toEqual(['title', 'line', 'line', 'line']);
  });

  it('lets a column name its place: a student leads a payment, a payslip is the card’s action', () => {
    expect(cardPlaces(['Date', { label: 'Student', place: 'title' }, 'Status', 'Amount'])).toEqual(['line', 'title', 'status', 'line']);
    expect(cardPlaces(['Period', { label: 'Teacher', place: 'title' }, 'Total', { label: 'Payslip', place: 'actions' }]))
      .toEqual(['line', 'title', 'line', 'actions']);
    expect(cardPlaces(['Name', { label: 'Result', place: 'status' }, 'Status'])).toEqual(['title', 'status', 'line']);
  });

  it('quotes a label for CSS so that a quote or a backslash cannot end it', () => {
    expect(cssString('Status')).toBe('"Status"');
    expect(cssString('Students’ "best"')).toBe('"Students’ \\"best\\""');
    expect(cssString('a\\b\nc')).toBe('"a\\\\b c"');
  });

  it('names only the positions its stylesheet knows: a title among the first four, labels up to sixteen', () => {
    const wide = Array.from({ length: MAX_CARD_COLUMNS + 2 }, (_, n) => `Column ${n + 1}`);
    const layout = cardLayoutOf([...wide.slice(0, 5), { label: 'Late title', place: 'title' }, ...wide.slice(6)]);
    expect(layout.attributes['data-card-title']).toBeUndefined();
    expect(Object.keys(layout.style)).toHaveLength(MAX_CARD_COLUMNS - 1);
    expect(layout.style).not.toHaveProperty(`--card-label-${MAX_CARD_COLUMNS + 1}`);
  });

  it('gives the table its cells’ labels and the title’s, status’s and actions’ positions, the header as on a wide screen', () => {
    renderWithApp(
      <ResponsiveTable columns={['Name', 'Email', 'Status', 'Actions']} label="Students" minWidth={640}>
        <StudentRow name="Lily" />
      </ResponsiveTable>,
    );
    const table = screen.getByRole('table', { name: 'Students' });
    expect(table.getAttribute('data-card-title')).toBe('1');
    expect(table.getAttribute('data-card-status')).toBe('3');
    expect(table.getAttribute('data-card-actions')).toBe('4');
    // The title and the actions go without a label; a line and the status carry theirs.
    expect([1, 2, 3, 4].map((n) => labelOf(table, n))).toEqual([null, 'Email', 'Status', null]);
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Email', 'Status', 'Actions']);
    expect(within(table).getByRole('button', { name: 'Edit Lily' })).toBeTruthy();
  });

  it('keeps a column’s own header cell (a sort button) and shows a footer', () => {
    const onSort = vi.fn();
    renderWithApp(
      <ResponsiveTable
        columns={[{ label: 'Name', header: <Table.Th aria-sort="none"><button type="button" onClick={onSort}>Sort by Name</button></Table.Th> }, 'Total']}
        label="Pay"
        minWidth={400}
        footer={<Table.Tr><Table.Th>Total</Table.Th><Table.Th>$10.00</Table.Th></Table.Tr>}
      >
        <Table.Tr><Table.Td>Ann</Table.Td><Table.Td>$10.00</Table.Td></Table.Tr>
      </ResponsiveTable>,
    );
    const table = screen.getByRole('table', { name: 'Pay' });
    fireEvent.click(within(table).getByRole('button', { name: 'Sort by Name' }));
    expect(onSort).toHaveBeenCalledOnce();
    expect(labelOf(table, 2)).toBe('Total');
    expect(table.querySelector('tfoot')?.textContent).toBe('Total$10.00');
  });
});

describe('ListTable', () => {
  it('puts a page of rows in the responsive table, busy while it fetches', () => {
    renderWithApp(
      <ListTable query={{ ...settled, isFetching: true }} rowCount={2} columns={['Name', 'Email', 'Status', 'Actions']} errorTitle="Could not load students"
        empty={<p>No students</p>} minWidth={640} label="Students" pagination={pagination}>
        <StudentRow name="Lily" />
        <StudentRow name="Noah" />
      </ListTable>,
    );
    const table = screen.getByRole('table', { name: 'Students' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(table.getAttribute('data-card-status')).toBe('3');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('shows skeleton rows while loading, the empty state with no rows and the error with a retry', () => {
    const refetch = vi.fn();
    const view = (query: ListQueryState, rows: number) => (
      <ListTable query={query} rowCount={rows} columns={['Name', 'Status']} errorTitle="Could not load students" empty={<p>No students yet</p>}
        minWidth={400} label="Students" pagination={pagination}>
        {rows > 0 && <StudentRow name="Lily" />}
      </ListTable>
    );
    const loading = renderWithApp(view({ ...settled, isPending: true }, 0));
    expect(within(screen.getByRole('table', { name: 'Students' })).getAllByRole('row')).toHaveLength(4);
    loading.unmount();
    const empty = renderWithApp(view(settled, 0));
    expect(screen.getByText('No students yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    empty.unmount();
    renderWithApp(view({ ...settled, isError: true, error: new Error('down'), refetch }, 0));
    expect(screen.getByText('Could not load students')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalled();
  });
});
