import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { attendanceFilters, type AttendanceFilters } from '../../../shared/contracts/attendance';
import { ListCard } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { usePagedResults } from '../../lib/useListState';
import { useRequiredSession } from '../../lib/useSession';
import { ATTENDANCE_PAGE_SIZE, exportAttendance, useAttendance } from './api';
import { AttendanceFilterBar } from './AttendanceFilterBar';
import { AttendanceTable } from './AttendanceTable';
import { AttendanceTotals } from './AttendanceTotals';
import { defaultRange } from './dates';

const AttendanceChart = lazy(() => import('./AttendanceChart'));

/** The range's first error, in the words of the contract, for the date fields. */
function rangeErrors(filters: AttendanceFilters): Partial<Record<'from' | 'to', string>> {
  const parsed = attendanceFilters.safeParse(filters);
  if (parsed.success) return {};
  const errors: Partial<Record<'from' | 'to', string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'from' || field === 'to') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function usePickers() {
  const { user } = useRequiredSession();
  const ownTeacher = user.role === 'admin' && user.addrole === 'Private teacher';
  const staff = user.role === 'admin' || user.role === 'subadmin';
  return {
    pickers: { teacher: staff && !ownTeacher, student: user.role !== 'student' },
    studentLabel: user.role === 'parent' ? ('Child' as const) : ('Student' as const),
    subtitle:
      user.role === 'student'
        ? 'Your lessons and whether you attended.'
        : user.role === 'parent'
          ? "Your children's lessons and whether they attended."
          : user.role === 'teacher'
            ? 'Attendance at your lessons.'
            : 'Attendance at every lesson of the school.',
  };
}

/** /reporting/attendance: who came to which lesson, by period, teacher, student and status. */
export default function AttendancePage() {
  const { pickers, studentLabel, subtitle } = usePickers();
  const [filters, setFilters] = useState<AttendanceFilters>(defaultRange);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const errors = rangeErrors(filters);
  const valid = Object.keys(errors).length === 0;
  const report = useAttendance(filters, page, valid);
  const { results, totalPages } = usePagedResults(report.data, ATTENDANCE_PAGE_SIZE, page, setPage);
  const initial = defaultRange();
  const filtered =
    filters.from !== initial.from || filters.to !== initial.to || Boolean(filters.teacherId || filters.studentId || filters.status);

  const change = (next: Partial<AttendanceFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const download = () => {
    setExporting(true);
    exportAttendance(filters)
      .catch((error: unknown) => notifyError(errorMessage(error), 'Could not export'))
      .finally(() => setExporting(false));
  };
  const data = report.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Attendance"
        subtitle={subtitle}
        actions={
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download} loading={exporting} disabled={!valid}>
            Export CSV
          </Button>
        }
      />
      <ListCard>
        <AttendanceFilterBar
          state={{
            filters,
            change,
            errors,
            filtered,
            reset: () => {
              setFilters(defaultRange());
              setPage(1);
            },
          }}
          pickers={pickers}
          studentLabel={studentLabel}
        />
      </ListCard>
      <AttendanceTotals totals={valid ? data?.totals : undefined} />
      {data && data.totalCount > 0 && (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="attendance-chart-title">
          <Title id="attendance-chart-title" order={2} size="h4" mb="md">
            By month
          </Title>
          <Suspense fallback={<Skeleton h={260} />}>
            <AttendanceChart byMonth={data.byMonth} />
          </Suspense>
        </Card>
      )}
      <ListCard>
        {data && (
          <Text size="xs" c="dimmed">
            Times are in the school&apos;s time zone ({data.timeZone}).
          </Text>
        )}
        <AttendanceTable
          query={valid ? report : { ...report, isPending: false, isError: false }}
          rows={valid ? results : []}
          timeZone={data?.timeZone ?? 'UTC'}
          pagination={{ page, totalPages: valid ? totalPages : 0, onChange: setPage }}
        />
      </ListCard>
    </Stack>
  );
}
