import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconReceiptOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PAYMENT_METHOD_LABELS, type InvoiceStatus } from '../../../../shared/contracts/billing';
import type { PaymentDetailsAnswer, PaymentDetailsRow } from '../../../../shared/contracts/billing-reports';
import { matchRoute } from '../../../../shared/routes';
import { DetailField } from '../../../components/DetailField';
import { EmptyCard } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { ApiError } from '../../../lib/api';
import { fullName } from '../../../lib/format';
import { useRequiredSession } from '../../../lib/useSession';
import { usePaymentDetails } from './api';
import { calendarDate, schoolDateTime, signedAmount } from './format';
import { InvoiceStatusBadge, TestModeBadge } from '../invoices/InvoiceStatusBadge';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import { formatDollars } from '../../../../shared/money';
import { ResponsiveTable } from '../../../components/ResponsiveTable';

const SOURCE_LABELS: Record<string, string> = {
  pay_page: 'Pay page', saved_card: 'Saved card', autopay: 'Autopay', staff: 'Recorded by staff',
};

const when = (row: PaymentDetailsRow, zone: string) => {
  const { date, time } = schoolDateTime(row.date, zone);
  return `${date}, ${time}`;
};

function PaymentCard({ payment, zone }: { payment: PaymentDetailsRow; zone: string }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payment-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title id="payment-title" order={2} size="h4">
          {payment.kind === 'refund' ? 'Refund' : 'Payment'}
        </Title>
        <Group gap="xs">
          <PaymentStatusBadge status={payment.status} />
          {payment.testMode && <TestModeBadge />}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <DetailField label="Amount">{signedAmount(payment)}</DetailField>
        <DetailField label="Date">{when(payment, zone)}</DetailField>
        <DetailField label="Method">
          {PAYMENT_METHOD_LABELS[payment.method]}
          {payment.card && ` · ${payment.card.brand} ending ${payment.card.last4}`}
        </DetailField>
        <DetailField label="Student">{fullName(payment.student)}</DetailField>
        <DetailField label="Payer">{fullName(payment.payer)}</DetailField>
        <DetailField label="Source">{SOURCE_LABELS[payment.source] ?? payment.source}</DetailField>
        {payment.kind === 'payment' && payment.refunded > 0 && <DetailField label="Refunded">{formatDollars(payment.refunded, payment.currency)}</DetailField>}
        {payment.recordedBy && <DetailField label="Recorded by">{fullName(payment.recordedBy)}</DetailField>}
        {payment.reference && <DetailField label="Reference">{payment.reference}</DetailField>}
        {payment.gatewayTransactionId && <DetailField label="Transaction">{payment.gatewayTransactionId}</DetailField>}
        {payment.message && <DetailField label="Message">{payment.message}</DetailField>}
      </SimpleGrid>
    </Card>
  );
}

function InvoiceCard({ invoice }: { invoice: PaymentDetailsAnswer['invoice'] }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="invoice-title">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title id="invoice-title" order={2} size="h4">
          Invoice {invoice.number}
        </Title>
        <InvoiceStatusBadge status={invoice.status as InvoiceStatus} />
      </Group>
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md">
        <DetailField label="Issued">{calendarDate(invoice.issuedOn)}</DetailField>
        <DetailField label="Due">{calendarDate(invoice.dueOn)}</DetailField>
        <DetailField label="Total">{formatDollars(invoice.total, invoice.currency)}</DetailField>
        <DetailField label="Paid">{formatDollars(invoice.paid, invoice.currency)}</DetailField>
        <DetailField label="Balance due">{formatDollars(invoice.balance, invoice.currency)}</DetailField>
      </SimpleGrid>
    </Card>
  );
}

function InvoicePayments({ data }: { data: PaymentDetailsAnswer }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="invoice-payments-title">
      <Title id="invoice-payments-title" order={2} size="h4" mb="md">
        Payments of this invoice
      </Title>
      <ResponsiveTable columns={['Date', 'Method', 'Status', 'Amount']} labelledBy="invoice-payments-title" minWidth={520} verticalSpacing="xs">
        {data.payments.map((p) => {
          const current = p._id === data.payment._id;
          return (
            <Table.Tr key={p._id} aria-current={current ? 'true' : undefined} bg={current ? 'var(--mantine-color-blue-light)' : undefined}>
              <Table.Td>
                {current ? (
                  <Text size="sm" fw={600}>{when(p, data.timeZone)}</Text>
                ) : (
                  <Anchor component={Link} to={`/reporting/payment-details/${p._id}`} size="sm">{when(p, data.timeZone)}</Anchor>
                )}
              </Table.Td>
              <Table.Td><Text size="sm">{p.kind === 'refund' ? 'Refund' : PAYMENT_METHOD_LABELS[p.method]}</Text></Table.Td>
              <Table.Td><PaymentStatusBadge status={p.status} /></Table.Td>
              <Table.Td><Text size="sm" fw={600}>{signedAmount(p)}</Text></Table.Td>
            </Table.Tr>
          );
        })}
      </ResponsiveTable>
    </Card>
  );
}

/** /reporting/payment-details/{id}: one payment (or refund), its invoice and the invoice's other payments. */
export default function PaymentDetailsPage() {
  const { id } = useParams();
  const { user } = useRequiredSession();
  const details = usePaymentDetails(id);
  const reportPath = matchRoute(user.role, '/reports/payment-reporting')?.path === '/reports/payment-reporting' ? '/reports/payment-reporting' : '/reporting/payments';
  const back = matchRoute(user.role, reportPath) ? reportPath : null;

  let body: ReactNode;
  if (details.isPending) {
    body = (
      <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading payment">
        <Skeleton h={36} w={280} />
        <Skeleton h={160} />
        <Skeleton h={120} />
      </Stack>
    );
  } else if (details.isError && details.error instanceof ApiError && details.error.status === 404) {
    body = <EmptyCard icon={<IconReceiptOff size={28} />} title="Payment not found" description="It may belong to someone else, or the link is wrong." />;
  } else if (details.isError) {
    body = <QueryError error={details.error} onRetry={() => void details.refetch()} title="Could not load this payment" />;
  } else {
    const data = details.data;
    body = (
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">Payment Details</Title>
          <Text c="dimmed" size="sm">
            {data.invoice.number} · {fullName(data.payment.student)} · times in {data.timeZone}
          </Text>
        </Stack>
        <PaymentCard payment={data.payment} zone={data.timeZone} />
        <InvoiceCard invoice={data.invoice} />
        <InvoicePayments data={data} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {back && (
        <Anchor component={Link} to={back} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            Back to Payments
          </Group>
        </Anchor>
      )}
      {body}
    </Stack>
  );
}
