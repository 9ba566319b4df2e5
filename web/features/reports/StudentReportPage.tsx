import { Button, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { studentReportFilters, type StudentReportFilters } from '../../../shared/contracts/reports';
import { ListCard } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { usePagedResults } from '../../lib/useListState';
import { useRequiredSession } from '../../lib/useSession';
import { exportStudentReport, STUDENT_REPORT_PAGE_SIZE, useStudentReport } from './api';
import { StudentReportFilterBar } from './StudentReportFilterBar';
import { StudentReportTable } from './StudentReportTable';

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The report's default period: this month so far. */
export function thisMonth(now = new Date()): StudentReportFilters {
  return { from: dayOf(new Date(now.getFullYear(), now.getMonth(), 1)), to: dayOf(now) };
}

/** The period's errors, in the words of the contract, for the date fields. */
function periodErrors(filters: StudentReportFilters): Partial<Record<'from' | 'to', string>> {
  const parsed = studentReportFilters.safeParse(filters);
  const errors: Partial<Record<'from' | 'to', string>> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'from' || field === 'to') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

const SUBTITLES: Record<string, string> = {
  teacher: 'Your students’ lessons, attendance, practice and invoices for a period.',
  student: 'Your lessons, attendance, practice and invoices for a period.',
  parent: 'Your children’s lessons, attendance, practice and invoices for a period.',
};

/** /reporting/student: one row a student for a period, filtered by teacher, instrument and status; CSV of the same rows. */
export default function StudentReportPage() {
  const { user } = useRequiredSession();
  const teacherPicker = (user.role === 'admin' && user.addrole !== 'Private teacher') || user.role === 'subadmin';
  const [filters, setFilters] = useState<StudentReportFilters>(() => thisMonth());
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const errors = periodErrors(filters);
  const valid = Object.keys(errors).length === 0;
  const report = useStudentReport(filters, page, valid);
  const { results, totalPages } = usePagedResults(report.data, STUDENT_REPORT_PAGE_SIZE, page, setPage);
  const initial = thisMonth();
  const filtered = filters.from !== initial.from || filters.to !== initial.to || Boolean(filters.teacherId || filters.genreId || filters.status);

  const change = (next: Partial<StudentReportFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const download = () => {
    setExporting(true);
    exportStudentReport(filters)
      .catch((error: unknown) => notifyError(errorMessage(error), 'Could not export'))
      .finally(() => setExporting(false));
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Student Report"
        subtitle={SUBTITLES[user.role] ?? 'Every student’s lessons, attendance, practice and invoices for a period.'}
        actions={
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download} loading={exporting} disabled={!valid}>
            Export CSV
          </Button>
        }
      />
      <ListCard>
        <StudentReportFilterBar
          filters={filters}
          onChange={change}
          errors={errors}
          teacherPicker={teacherPicker}
          filtered={filtered}
          onClear={() => {
            setFilters(thisMonth());
            setPage(1);
          }}
        />
      </ListCard>
      <ListCard>
        {report.data && (
          <Text size="xs" c="dimmed">
            Lessons count by their day in the school&apos;s time zone ({report.data.timeZone}); the balance is what open invoices owe today.
          </Text>
        )}
        <StudentReportTable
          query={valid ? report : { ...report, isPending: false, isError: false }}
          rows={valid ? results : []}
          currency={report.data?.currency ?? 'USD'}
          pagination={{ page, totalPages: valid ? totalPages : 0, onChange: setPage }}
        />
      </ListCard>
    </Stack>
  );
}
