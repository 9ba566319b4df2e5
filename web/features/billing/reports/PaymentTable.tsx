import { Anchor, EmptyState, Table, Text } from '@mantine/core';
import { IconReceiptOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/contracts/billing';
import type { PaymentReportRow } from '../../../../shared/contracts/billing-reports';
import { ListTable, type ListQueryState } from '../../../components/ListTable';
import { fullName } from '../../../lib/format';
import { schoolDateTime, signedAmount } from './format';
import { TestModeBadge } from '../invoices/InvoiceStatusBadge';
import { PaymentStatusBadge } from './PaymentStatusBadge';

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

/** One row a payment or refund, newest first, on the school's clock. */
export function PaymentTable({ query, rows, timeZone, showSchool, detailsPath, pagination }: Props) {
  // On a phone's card the student leads (docs/decisions/089-lists-as-cards-on-phones.md).
  const columns = ['Date', ...(showSchool ? ['School'] : []), { label: 'Student', place: 'title' as const }, 'Invoice', 'Method', 'Status', 'Amount'];
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
