import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { FamilyBilling, FamilyInvoice } from '../../../../shared/contracts/billing-family';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '../../../../shared/contracts/billing';
import { INVOICE_ROUTES } from '../../../../shared/contracts/billing-invoices';
import { pathOf } from '../../../../shared/contracts/route';
import { ListPagination } from '../../../components/ListPagination';
import { errorMessage } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';
import { notifyError } from '../../../lib/notify';
import { formatDate } from './dates';
import { formatDollars } from '../../../../shared/money';

const STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: 'gray', open: 'blue', partly_paid: 'yellow', paid: 'teal', overdue: 'red', void: 'gray',
};

/** The invoice's PDF (the invoices part's contract: the office's and the billed family's). */
function PdfButton({ invoice }: { invoice: FamilyInvoice }) {
  return (
    <Button
      size="xs"
      variant="default"
      aria-label={`Download ${invoice.invoiceNo} as PDF`}
      onClick={() => downloadFile(pathOf(INVOICE_ROUTES.pdf, { id: invoice._id }), `${invoice.invoiceNo}.pdf`).catch((e: unknown) => notifyError(errorMessage(e)))}
    >
      PDF
    </Button>
  );
}

function InvoiceRow({ invoice, pdf, children }: { invoice: FamilyInvoice; pdf: boolean; children?: React.ReactNode }) {
  const label = `${invoice.invoiceNo} for ${invoice.student.first_name} ${invoice.student.last_name}`;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="sm"
      py="sm"
      aria-label={label}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)', listStyle: 'none' }}
    >
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={600}>{invoice.invoiceNo}</Text>
          <Badge variant="light" color={STATUS_COLORS[invoice.status]} c="dark.7">
            {INVOICE_STATUS_LABELS[invoice.status]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {invoice.student.first_name} {invoice.student.last_name} ·{' '}
          {invoice.status === 'paid' && invoice.paidAt ? `Paid ${formatDate(invoice.paidAt.slice(0, 10))}` : `Due ${formatDate(invoice.dueOn)}`}
        </Text>
      </Stack>
      <Group gap="sm" wrap="wrap" justify="flex-end">
        <Stack gap={0} align="flex-end">
          <Text fw={600}>{formatDollars(invoice.status === 'paid' ? invoice.total : invoice.balance, invoice.currency)}</Text>
          <Text size="xs" c="dimmed">
            {invoice.status === 'paid' ? 'Total' : 'Balance'}
          </Text>
        </Stack>
        {children}
        {pdf && <PdfButton invoice={invoice} />}
      </Group>
    </Group>
  );
}

type Props = {
  billing: FamilyBilling;
  /** The caller pays these invoices: "Pay with saved card" is offered. */
  mayPayWithCard: boolean;
  onPayWithCard: (invoice: FamilyInvoice) => void;
  onPaidPage: (page: number) => void;
  /** The caller may download the PDF (the family billed, the office; not a teacher). */
  mayDownloadPdf: boolean;
};

/** Open invoices with their balance, "Pay" (the pay page) and "Pay with saved card"; paid ones below. */
export function InvoiceLists({ billing, mayPayWithCard, onPayWithCard, onPaidPage, mayDownloadPdf }: Props) {
  const paidPages = Math.ceil(billing.paid.totalCount / billing.paid.limit);
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="open-invoices-title">
        <Group justify="space-between" align="baseline" mb="xs">
          <Title id="open-invoices-title" order={2} size="h4">
            Open invoices
          </Title>
          <Text fw={600} aria-label={`Total due ${formatDollars(billing.totalDue, billing.currency)}`}>
            Total due: {formatDollars(billing.totalDue, billing.currency)}
          </Text>
        </Group>
        {billing.open.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing to pay right now.
          </Text>
        ) : (
          <Stack component="ul" gap={0} p={0} m={0} aria-labelledby="open-invoices-title">
            {billing.open.map((invoice) => (
              <InvoiceRow key={invoice._id} invoice={invoice} pdf={mayDownloadPdf}>
                {invoice.payLink && (
                  <Button component="a" href={invoice.payLink} size="xs" aria-label={`Pay ${invoice.invoiceNo}`}>
                    Pay
                  </Button>
                )}
                {mayPayWithCard && invoice.payerIsYou && (
                  <Button size="xs" variant="light" onClick={() => onPayWithCard(invoice)} aria-label={`Pay ${invoice.invoiceNo} with saved card`}>
                    Pay with saved card
                  </Button>
                )}
              </InvoiceRow>
            ))}
          </Stack>
        )}
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="paid-invoices-title">
        <Group justify="space-between" align="baseline" mb="xs">
          <Title id="paid-invoices-title" order={2} size="h4">
            Paid invoices
          </Title>
          <Text size="sm" c="dimmed">
            {billing.paid.totalCount} paid
          </Text>
        </Group>
        {billing.paid.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            No paid invoices yet.
          </Text>
        ) : (
          <Stack component="ul" gap={0} p={0} m={0} aria-labelledby="paid-invoices-title">
            {billing.paid.results.map((invoice) => (
              <InvoiceRow key={invoice._id} invoice={invoice} pdf={mayDownloadPdf} />
            ))}
          </Stack>
        )}
        <ListPagination page={billing.paid.page} totalPages={paidPages} onChange={onPaidPage} />
      </Card>
    </Stack>
  );
}
