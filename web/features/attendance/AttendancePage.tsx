import { Stack, Text } from '@mantine/core';
import { lazy } from 'react';
import { attendanceFilters } from '../../../shared/contracts/attendance';
import { ListCard } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { ExportCsvButton, MonthlyChartCard } from '../../components/ReportSections';
import { useRangeReport } from '../../lib/useRangeReport';
import { useRequiredSession } from '../../lib/useSession';
import { ATTENDANCE_PAGE_SIZE, exportAttendance, useAttendance } from './api';
import { AttendanceFilterBar } from './AttendanceFilterBar';
import { AttendanceTable } from './AttendanceTable';
import { AttendanceTotals } from './AttendanceTotals';
import { defaultRange } from './dates';

const AttendanceChart = lazy(() => import('./AttendanceChart'));

function usePickers() {
  const { user } = useRequiredSession();
  const { reach, picksTeacher } = user.permissions;
  return {
    pickers: { teacher: picksTeacher, student: reach !== 'self' },
    studentLabel: reach === 'children' ? ('Child' as const) : ('Student' as const),
    subtitle:
      reach === 'self'
        ? 'Your lessons and whether you attended.'
        : reach === 'children'
          ? "Your children's lessons and whether they attended."
          : reach === 'taught'
            ? 'Attendance at your lessons.'
            : 'Attendance at every lesson of the school.',
  };
}

/** /reporting/attendance: who came to which lesson, by period, teacher, student and status. */
export default function AttendancePage() {
  const { pickers, studentLabel, subtitle } = usePickers();
  const report = useRangeReport({
    schema: attendanceFilters, initial: defaultRange, pageSize: ATTENDANCE_PAGE_SIZE, useReport: useAttendance, exportCsv: exportAttendance,
  });
  const { data, valid } = report;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Attendance"
        subtitle={subtitle}
        actions={<ExportCsvButton onClick={report.download} loading={report.exporting} disabled={!valid} />}
      />
      <ListCard>
        <AttendanceFilterBar state={report} pickers={pickers} studentLabel={studentLabel} />
      </ListCard>
      <AttendanceTotals totals={valid ? data?.totals : undefined} />
      {data && (
        <MonthlyChartCard titleId="attendance-chart-title" rowCount={data.totalCount}>
          <AttendanceChart byMonth={data.byMonth} />
        </MonthlyChartCard>
      )}
      <ListCard>
        {data && (
          <Text size="xs" c="dimmed">
            Times are in the school&apos;s time zone ({data.timeZone}).
          </Text>
        )}
        <AttendanceTable {...report.table} timeZone={data?.timeZone ?? 'UTC'} />
      </ListCard>
    </Stack>
  );
}
