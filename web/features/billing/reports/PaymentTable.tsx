import { Anchor, Badge, Card, EmptyState, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconReceiptOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/contracts/billing';
import type { PaymentReportRow } from '../../../../shared/contracts/billing-reports';
import { ListPagination } from '../../../components/ListPagination';
import { ListTable, type ListQueryState } from '../../../components/ListTable';
import { QueryError } from '../../../components/QueryError';
import { fullName } from '../../../lib/format';
import { schoolDateTime, signedAmount } from './format';
import { TestModeBadge } from '../invoices/InvoiceStatusBadge';
import { PaymentStatusBadge } from './PaymentStatusBadge';

const PHONE = '(max-width: 48em)';

type Props = {
  query: ListQueryState;
  rows: PaymentReportRow[];
  timeZone: string;
  /** The superadmin's all-schools view shows each row's school. */
  showSchool: boolean;
  /** Where a row's details open, when the caller's route table has the page. */
  detailsPath: ((id: string) => string) | null;
  pagination: { page: number; totalPages: number; onChange: (page: number) => void };
};

const empty = (
  <EmptyState
    icon={<IconReceiptOff size={28} />}
    title="No payments in this period"
    description="Payments show here once they are made. Try a longer period or other filters."
  />
);

function Method({ row }: { row: PaymentReportRow }) {
  return (
    <Text size="sm">
      {PAYMENT_METHOD_LABELS[row.method]}
      {row.card && ` · ${row.card.brand} ${row.card.last4}`}
      {row.reference && ` · ${row.reference}`}
    </Text>
  );
}

function Amount({ row }: { row: PaymentReportRow }) {
  return (
    <Text size="sm" fw={600} c={row.kind === 'refund' ? 'grape' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {signedAmount(row)}
    </Text>
  );
}

function InvoiceLink({ row, detailsPath }: { row: PaymentReportRow; detailsPath: Props['detailsPath'] }) {
  if (!detailsPath) return <Text size="sm">{row.invoice.number}</Text>;
  return (
    <Anchor component={Link} to={detailsPath(row._id)} size="sm" aria-label={`${row.invoice.number}: details of the ${row.kind} of ${signedAmount(row)}`}>
      {row.invoice.number}
    </Anchor>
  );
}

/** On a phone: one card a payment, nothing wider than the screen. */
function PaymentCards({ query, rows, timeZone, showSchool, detailsPath, pagination }: Props) {
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} title="Could not load payments" />;
  if (!query.isPending && rows.length === 0) return empty;
  return (
    <Stack gap="sm" aria-busy={query.isFetching || query.isPending}>
      <Stack gap="sm" component="ul" aria-label="Payments" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((row) => {
          const { date, time } = schoolDateTime(row.date, timeZone);
          return (
            <Card key={row._id} withBorder radius="md" padding="sm" component="li">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>{fullName(row.student)}</Text>
                  <Text size="xs" c="dimmed">{date} · {time}</Text>
                  {showSchool && <Text size="xs" c="dimmed">{row.school.school_name}</Text>}
                </Stack>
                <Amount row={row} />
              </Group>
              <Group justify="space-between" mt={6} gap="xs">
                <Method row={row} />
                <PaymentStatusBadge status={row.status} />
              </Group>
              <Group mt={4} gap="xs">
                <InvoiceLink row={row} detailsPath={detailsPath} />
                {row.kind === 'refund' && <Badge size="sm" variant="outline" color="grape" tt="none">Refund</Badge>}
                {row.testMode && <TestModeBadge />}
              </Group>
            </Card>
          );
        })}
      </Stack>
      <ListPagination {...pagination} />
    </Stack>
  );
}

/** One row a payment or refund, newest first, on the school's clock. */
export function PaymentTable(props: Props) {
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  if (phone) return <PaymentCards {...props} />;
  const { query, rows, timeZone, showSchool, detailsPath, pagination } = props;
  const columns = ['Date', ...(showSchool ? ['School'] : []), 'Student', 'Invoice', 'Method', 'Status', 'Amount'];
  return (
    <ListTable query={query} rowCount={rows.length} columns={columns} errorTitle="Could not load payments" empty={empty} minWidth={showSchool ? 900 : 760} label="Payments" pagination={pagination}>
      {rows.map((row) => {
        const { date, time } = schoolDateTime(row.date, timeZone);
        return (
          <Table.Tr key={row._id}>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{date}</Text>
              <Text size="xs" c="dimmed">{time}</Text>
            </Table.Td>
            {showSchool && <Table.Td><Text size="sm">{row.school.school_name}</Text></Table.Td>}
            <Table.Td>
              <Text size="sm" fw={500}>{fullName(row.student)}</Text>
              {row.payer._id !== row.student._id && <Text size="xs" c="dimmed">Paid by {fullName(row.payer)}</Text>}
            </Table.Td>
            <Table.Td>
              <InvoiceLink row={row} detailsPath={detailsPath} />
            </Table.Td>
            <Table.Td>
              <Method row={row} />
              {row.testMode && <TestModeBadge />}
            </Table.Td>
            <Table.Td>
              <PaymentStatusBadge status={row.status} />
              {row.kind === 'payment' && row.refunded > 0 && row.status !== 'refunded' && (
                <Text size="xs" c="dimmed">Partly refunded</Text>
              )}
            </Table.Td>
            <Table.Td>
              <Amount row={row} />
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
