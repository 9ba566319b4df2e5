import { Stack, Text } from '@mantine/core';
import { lazy } from 'react';
import { paymentReportFilters } from '../../../../shared/contracts/billing-reports';
import { matchRoute } from '../../../../shared/routes';
import { ListCard } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { ExportCsvButton, MonthlyChartCard } from '../../../components/ReportSections';
import { useRangeReport } from '../../../lib/useRangeReport';
import { useRequiredSession } from '../../../lib/useSession';
import { exportPayments, PAYMENTS_PAGE_SIZE, usePaymentReport } from './api';
import { defaultRange } from './format';
import { PaymentFilterBar } from './PaymentFilterBar';
import { PaymentTable } from './PaymentTable';
import { PaymentTotals } from './PaymentTotals';
import type { Reach } from '../../../../shared/permissions';

const PaymentChart = lazy(() => import('./PaymentChart'));

const DETAILS = '/reporting/payment-details';

function useRoleView() {
  const { user } = useRequiredSession();
  const role = user.role;
  const { reach } = user.permissions;
  const subtitles: Partial<Record<Reach, string>> = {
    provider: 'Payments of every school, or of the school you choose.',
    taught: "Your students' payments.",
    self: 'Your payments and refunds.',
    children: "Your children's payments and refunds.",
  };
  return {
    title: reach === 'provider' ? 'Payment Report' : 'Payments',
    subtitle: subtitles[reach] ?? 'Every payment and refund of the school.',
    pickers: { school: reach === 'provider', student: reach !== 'self' && reach !== 'provider' },
    studentLabel: reach === 'children' ? ('Child' as const) : ('Student' as const),
    // Details open only for roles whose route table has the page (docs/domains/billing.md "Screens and routes").
    detailsPath: matchRoute(role, `${DETAILS}/x`)?.path === `${DETAILS}/:id` ? (id: string) => `${DETAILS}/${id}` : null,
    allSchools: reach === 'provider',
  };
}

/**
 * /reports/payment-reporting and /reporting/payments: payments and refunds by period, school,
 * student, method and status, with totals, a monthly chart, the table and its CSV.
 */
export default function PaymentReportPage() {
  const view = useRoleView();
  const report = useRangeReport({
    schema: paymentReportFilters, initial: defaultRange, pageSize: PAYMENTS_PAGE_SIZE, useReport: usePaymentReport, exportCsv: exportPayments,
  });
  const { data, valid, filters } = report;

  return (
    <Stack gap="lg">
      <PageHeader
        title={view.title}
        subtitle={view.subtitle}
        actions={<ExportCsvButton onClick={report.download} loading={report.exporting} disabled={!valid} />}
      />
      <ListCard>
        <PaymentFilterBar state={report} pickers={view.pickers} studentLabel={view.studentLabel} />
      </ListCard>
      <PaymentTotals totals={valid ? data?.totals : undefined} />
      {valid && data && (
        <MonthlyChartCard titleId="payments-chart-title" rowCount={data.totalCount}>
          <PaymentChart byMonth={data.byMonth} />
        </MonthlyChartCard>
      )}
      <ListCard>
        {data && (
          <Text size="xs" c="dimmed">
            Dates are in {view.allSchools && !filters.adminId ? 'UTC' : "the school's time zone"} ({data.timeZone}).
          </Text>
        )}
        <PaymentTable
          {...report.table}
          timeZone={data?.timeZone ?? 'UTC'}
          showSchool={view.allSchools && !filters.adminId}
          detailsPath={view.detailsPath}
        />
      </ListCard>
    </Stack>
  );
}
