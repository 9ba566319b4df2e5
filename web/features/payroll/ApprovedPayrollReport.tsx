import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { approvedPayrollFilters, type ApprovedPayrollFilters } from '../../../shared/contracts/payroll';
import { ListCard, ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { PersonFilter, ReportFilters } from '../../components/ReportFilterFields';
import { ExportCsvButton } from '../../components/ReportSections';
import { errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { usePagedResults } from '../../lib/useListState';
import { searchPeople } from '../../components/peopleSearch';
import { downloadPayslip, exportApprovedPayroll, PAYROLL_PAGE_SIZE, useApprovedPayroll } from './api';
import { periodLabel } from './money';
import { formatDollars } from '../../../shared/money';

/** On a phone's card the teacher leads and the payslip is the card's action (docs/decisions/089-lists-as-cards-on-phones.md). */
const COLUMNS = ['Period', { label: 'Teacher', place: 'title' }, 'Private', 'Class/Group', 'Lessons', 'Adjustments', 'Total', { label: 'Payslip', place: 'actions' }] as const;

const searchTeachers = (text: string) => searchPeople('teacher', text);
type Filters = { from: string; to: string; teacherId?: string };
const EMPTY: Filters = { from: '', to: '' };

function rangeErrors(f: Filters): Partial<Record<'from' | 'to', string>> {
  const parsed = approvedPayrollFilters.safeParse(toBody(f));
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
}
const toBody = (f: Filters): ApprovedPayrollFilters => ({ ...(f.from ? { from: f.from } : {}), ...(f.to ? { to: f.to } : {}), ...(f.teacherId ? { teacherId: f.teacherId } : {}) });

/** Approved payrolls by period and teacher, with totals, a CSV of the filter and each teacher's payslip. */
export function ApprovedPayrollReport({ title, subtitle }: { title: string; subtitle: string }) {
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const errors = rangeErrors(filters);
  const valid = Object.keys(errors).length === 0;
  const report = useApprovedPayroll(toBody(filters), page, valid);
  const { results, totalPages } = usePagedResults(report.data, PAYROLL_PAGE_SIZE, page, setPage);
  const change = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };
  const download = () => {
    setExporting(true);
    exportApprovedPayroll(toBody(filters)).catch((e: unknown) => notifyError(errorMessage(e), 'Could not export')).finally(() => setExporting(false));
  };
  const totals = report.data?.totals;

  return (
    <Stack gap="lg">
      <PageHeader title={title} subtitle={subtitle}
        actions={<ExportCsvButton onClick={download} loading={exporting} disabled={!valid} />} />
      <ListCard>
        <ReportFilters state={{ filters, change, errors, filtered: Boolean(filters.from || filters.to || filters.teacherId), reset: () => change(EMPTY) }}>
          <PersonFilter label="Teacher" everyone="All teachers" value={filters.teacherId} onChange={(teacherId) => change({ teacherId })}
            queryKey={['payroll', 'approved', 'teachers']} search={searchTeachers} />
        </ReportFilters>
      </ListCard>
      {totals && valid && (
        <Group gap="xl" aria-label="Totals" role="group">
          <Text size="sm">Lessons: <strong>{formatDollars(totals.lessons)}</strong></Text>
          <Text size="sm">Adjustments: <strong>{formatDollars(totals.adjustments)}</strong></Text>
          <Text size="sm">Total paid: <strong>{formatDollars(totals.total)}</strong></Text>
        </Group>
      )}
      <ListCard>
        <ListTable query={valid ? report : { ...report, isPending: false, isError: false }} rowCount={valid ? results.length : 0} minWidth={860}
          label={title} errorTitle="Could not load the approved payroll"
          columns={COLUMNS}
          empty={<Text size="sm">No approved payroll{filters.from || filters.to || filters.teacherId ? ' matches these filters' : ' yet'}.</Text>}
          pagination={{ page, totalPages: valid ? totalPages : 0, onChange: setPage }}>
          {results.map((r) => (
            <Table.Tr key={`${r.payrollId}-${r.teacher._id}`}>
              <Table.Td>{periodLabel(r.from, r.to)}</Table.Td>
              <Table.Td>{fullName(r.teacher)}</Table.Td>
              <Table.Td>{r.privateLessons}</Table.Td>
              <Table.Td>{r.groupLessons}</Table.Td>
              <Table.Td>{formatDollars(r.lessonsTotal)}</Table.Td>
              <Table.Td>{formatDollars(r.adjustmentsTotal)}</Table.Td>
              <Table.Td fw={600}>{formatDollars(r.total)}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="default" leftSection={<IconFileTypePdf size={14} />} aria-label={`Payslip of ${fullName(r.teacher)}, ${periodLabel(r.from, r.to)}`}
                  onClick={() => void downloadPayslip(r.payrollId, r.teacher._id).catch((e: unknown) => notifyError(errorMessage(e), 'Could not download'))}>
                  PDF
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>
    </Stack>
  );
}
