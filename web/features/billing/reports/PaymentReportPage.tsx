import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { paymentReportFilters, type PaymentReportFilters } from '../../../../shared/contracts/billing-reports';
import { matchRoute } from '../../../../shared/routes';
import { ListCard } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { usePagedResults } from '../../../lib/useListState';
import { useRequiredSession } from '../../../lib/useSession';
import { exportPayments, PAYMENTS_PAGE_SIZE, usePaymentReport } from './api';
import { defaultRange } from './format';
import { PaymentFilterBar } from './PaymentFilterBar';
import { PaymentTable } from './PaymentTable';
import { PaymentTotals } from './PaymentTotals';

const PaymentChart = lazy(() => import('./PaymentChart'));

const DETAILS = '/reporting/payment-details';

/** The range's first error, in the words of the contract, for the date fields. */
function rangeErrors(filters: PaymentReportFilters): Partial<Record<'from' | 'to', string>> {
  const parsed = paymentReportFilters.safeParse(filters);
  if (parsed.success) return {};
  const errors: Partial<Record<'from' | 'to', string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'from' || field === 'to') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function useRoleView() {
  const { user } = useRequiredSession();
  const role = user.role;
  const subtitles: Record<string, string> = {
    superadmin: 'Payments of every school, or of the school you choose.',
    teacher: "Your students' payments.",
    student: 'Your payments and refunds.',
    parent: "Your children's payments and refunds.",
  };
  return {
    title: role === 'superadmin' ? 'Payment Report' : 'Payments',
    subtitle: subtitles[role] ?? 'Every payment and refund of the school.',
    pickers: { school: role === 'superadmin', student: role !== 'student' && role !== 'superadmin' },
    studentLabel: role === 'parent' ? ('Child' as const) : ('Student' as const),
    // Details open only for roles whose route table has the page (spec section 2).
    detailsPath: matchRoute(role, `${DETAILS}/x`)?.path === `${DETAILS}/:id` ? (id: string) => `${DETAILS}/${id}` : null,
    allSchools: role === 'superadmin',
  };
}

/**
 * /reports/payment-reporting and /reporting/payments: payments and refunds by period, school,
 * student, method and status, with totals, a monthly chart, the table and its CSV.
 */
export default function PaymentReportPage() {
  const view = useRoleView();
  const [filters, setFilters] = useState<PaymentReportFilters>(defaultRange);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const errors = rangeErrors(filters);
  const valid = Object.keys(errors).length === 0;
  const report = usePaymentReport(filters, page, valid);
  const { results, totalPages } = usePagedResults(report.data, PAYMENTS_PAGE_SIZE, page, setPage);
  const initial = defaultRange();
  const filtered = filters.from !== initial.from || filters.to !== initial.to
    || Boolean(filters.adminId || filters.studentId || filters.method || filters.status);
  const data = report.data;

  const change = (next: Partial<PaymentReportFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const download = () => {
    setExporting(true);
    exportPayments(filters)
      .catch((error: unknown) => notifyError(errorMessage(error), 'Could not export'))
      .finally(() => setExporting(false));
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={view.title}
        subtitle={view.subtitle}
        actions={
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download} loading={exporting} disabled={!valid}>
            Export CSV
          </Button>
        }
      />
      <ListCard>
        <PaymentFilterBar
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
          pickers={view.pickers}
          studentLabel={view.studentLabel}
        />
      </ListCard>
      <PaymentTotals totals={valid ? data?.totals : undefined} />
      {valid && data && data.totalCount > 0 && (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payments-chart-title">
          <Title id="payments-chart-title" order={2} size="h4" mb="md">
            By month
          </Title>
          <Suspense fallback={<Skeleton h={260} />}>
            <PaymentChart byMonth={data.byMonth} />
          </Suspense>
        </Card>
      )}
      <ListCard>
        {data && (
          <Text size="xs" c="dimmed">
            Dates are in {view.allSchools && !filters.adminId ? 'UTC' : "the school's time zone"} ({data.timeZone}).
          </Text>
        )}
        <PaymentTable
          query={valid ? report : { ...report, isPending: false, isError: false }}
          rows={valid ? results : []}
          timeZone={data?.timeZone ?? 'UTC'}
          showSchool={view.allSchools && !filters.adminId}
          detailsPath={view.detailsPath}
          pagination={{ page, totalPages: valid ? totalPages : 0, onChange: setPage }}
        />
      </ListCard>
    </Stack>
  );
}
