import { Stack, Text } from '@mantine/core';
import { studentReportFilters, type StudentReportFilters } from '../../../shared/contracts/reports';
import { ListCard } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { ExportCsvButton } from '../../components/ReportSections';
import { useRangeReport } from '../../lib/useRangeReport';
import { useRequiredSession } from '../../lib/useSession';
import { exportStudentReport, STUDENT_REPORT_PAGE_SIZE, useStudentReport } from './api';
import { StudentReportFilterBar } from './StudentReportFilterBar';
import { StudentReportTable } from './StudentReportTable';
import type { Reach } from '../../../shared/permissions';

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The report's default period: this month so far. */
export function thisMonth(now = new Date()): StudentReportFilters {
  return { from: dayOf(new Date(now.getFullYear(), now.getMonth(), 1)), to: dayOf(now) };
}

const SUBTITLES: Partial<Record<Reach, string>> = {
  taught: 'Your students’ lessons, attendance, practice and invoices for a period.',
  self: 'Your lessons, attendance, practice and invoices for a period.',
  children: 'Your children’s lessons, attendance, practice and invoices for a period.',
};

/** /reporting/student: one row a student for a period, filtered by teacher, instrument and status; CSV of the same rows. */
export default function StudentReportPage() {
  const { user } = useRequiredSession();
  const teacherPicker = user.permissions.picksTeacher;
  const report = useRangeReport({
    schema: studentReportFilters, initial: thisMonth, pageSize: STUDENT_REPORT_PAGE_SIZE, useReport: useStudentReport, exportCsv: exportStudentReport,
  });
  const { data } = report;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Student Report"
        subtitle={SUBTITLES[user.permissions.reach] ?? 'Every student’s lessons, attendance, practice and invoices for a period.'}
        actions={<ExportCsvButton onClick={report.download} loading={report.exporting} disabled={!report.valid} />}
      />
      <ListCard>
        <StudentReportFilterBar state={report} teacherPicker={teacherPicker} />
      </ListCard>
      <ListCard>
        {data && (
          <Text size="xs" c="dimmed">
            Lessons count by their day in the school&apos;s time zone ({data.timeZone}); the balance is what open invoices owe today.
          </Text>
        )}
        <StudentReportTable {...report.table} currency={data?.currency ?? 'USD'} />
      </ListCard>
    </Stack>
  );
}
