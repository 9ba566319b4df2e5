import { Alert, Badge, Button, CopyButton, Divider, Drawer, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconCopy, IconDownload, IconPencil, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PAYMENT_METHOD_LABELS } from '../../../../shared/contracts/billing';
import type { InvoiceDetails, InvoicePaymentItem } from '../../../../shared/contracts/billing-invoices';
import { CLOSE_BUTTON_PROPS } from '../../../components/AppModal';
import { DetailField } from '../../../components/DetailField';
import { QueryContent } from '../../../components/QueryContent';
import { errorMessage } from '../../../lib/api';
import { fullName } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { downloadInvoicePdf, useInvoice, useResendInvoice, useSendInvoice } from './api';
import { formatDate, formatMoment } from './dates';
import { RecordPaymentModal, RefundModal, VoidInvoiceModal } from './InvoiceModals';
import { InvoiceStatusBadge, TestModeBadge } from './InvoiceStatusBadge';
import { formatDollars } from '../../../../shared/money';

type Props = { invoiceId: string | null; onClose: () => void };

/** One invoice in a side drawer: what it bills, its money, and what the office may do with it. */
export function InvoiceDrawer({ invoiceId, onClose }: Props) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Drawer
      opened={invoiceId !== null}
      onClose={onClose}
      title={<Text fw={600}>Invoice</Text>}
      position="right"
      size={phone ? '100%' : 'lg'}
      closeButtonProps={CLOSE_BUTTON_PROPS}
    >
      {invoiceId && <InvoiceLoader id={invoiceId} />}
    </Drawer>
  );
}

function InvoiceLoader({ id }: { id: string }) {
  return (
    <QueryContent query={useInvoice(id)} loadingLabel="Loading invoice" errorTitle="Could not load this invoice" rows={8}>
      {(invoice) => <InvoiceView key={invoice._id} invoice={invoice} />}
    </QueryContent>
  );
}

function InvoiceView({ invoice }: { invoice: InvoiceDetails }) {
  const [modal, setModal] = useState<'pay' | 'void' | null>(null);
  const [refunding, setRefunding] = useState<InvoicePaymentItem | null>(null);
  const [downloading, setDownloading] = useState(false);
  const send = useSendInvoice();
  const resend = useResendInvoice();
  const stored = invoice.status === 'partly_paid' || invoice.status === 'overdue' ? 'open' : invoice.status;
  const mayVoid = (stored === 'draft' || stored === 'open') && invoice.paid === 0;
  const cur = invoice.currency;

  const issue = (mutation: typeof send) => mutation.mutate(invoice._id, {
    onSuccess: (result) => notifySuccess(result.message),
    onError: (error) => notifyError(errorMessage(error)),
  });
  const download = async () => {
    setDownloading(true);
    try {
      await downloadInvoicePdf(invoice._id, invoice.number);
    } catch (error) {
      notifyError(errorMessage(error), 'Could not download the PDF');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Title order={2} size="h3">{invoice.number}</Title>
        <Group gap="xs">
          <InvoiceStatusBadge status={invoice.status} />
          {invoice.testMode && <TestModeBadge />}
        </Group>
      </Group>

      <Group gap="xs" wrap="wrap" role="group" aria-label="Invoice actions">
        {stored === 'draft' && (
          <>
            <Button size="xs" leftSection={<IconSend size={14} />} loading={send.isPending} onClick={() => issue(send)}>Send</Button>
            <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} component={Link} to={`/studentbilling/newInvoice?id=${invoice._id}`}>Edit</Button>
          </>
        )}
        {stored === 'open' && (
          <>
            <Button size="xs" variant="default" leftSection={<IconSend size={14} />} loading={resend.isPending} onClick={() => issue(resend)}>Resend</Button>
            <Button size="xs" onClick={() => setModal('pay')}>Record payment</Button>
          </>
        )}
        <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} loading={downloading} onClick={() => void download()}>Download PDF</Button>
        {mayVoid && <Button size="xs" variant="outline" color="red.9" onClick={() => setModal('void')}>Void</Button>}
      </Group>

      {invoice.status === 'void' && (
        <Alert color="gray" title="Void">
          Voided {invoice.voidedAt ? formatMoment(invoice.voidedAt, invoice.timeZone) : ''}: {invoice.voidReason}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DetailField label="Student">{fullName(invoice.student)}</DetailField>
        <DetailField label="Bill to">
          {fullName(invoice.payer)}
          {invoice.payer.email ? ` · ${invoice.payer.email}` : ' · no email address'}
        </DetailField>
        <DetailField label="Issued">{formatDate(invoice.issuedOn)}</DetailField>
        <DetailField label="Due">{formatDate(invoice.dueOn)}</DetailField>
        <DetailField label="Sent">{invoice.sentAt ? formatMoment(invoice.sentAt, invoice.timeZone) : 'Not sent yet'}</DetailField>
        {invoice.paidAt && <DetailField label="Paid">{formatMoment(invoice.paidAt, invoice.timeZone)}</DetailField>}
      </SimpleGrid>

      {invoice.payLink && (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput label="Pay link" readOnly value={invoice.payLink} style={{ flex: 1, minWidth: 0 }} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton value={invoice.payLink}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} aria-label="Copy pay link">
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      )}

      <Divider label="Lines" labelPosition="left" />
      <Stack gap={6} component="ul" aria-label="Lines" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {invoice.lines.map((line) => (
          <Group key={line._id} component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{line.description}</Text>
              <Text size="xs" c="dimmed">{line.quantity} × {formatDollars(line.unitPrice, cur)}</Text>
            </div>
            <Text size="sm" fw={500}>{formatDollars(line.amount, cur)}</Text>
          </Group>
        ))}
      </Stack>
      <Stack gap={2} aria-label="Totals" role="group">
        <Amount label="Subtotal" value={formatDollars(invoice.subtotal, cur)} />
        {invoice.discount > 0 && <Amount label="Discount" value={`-${formatDollars(invoice.discount, cur)}`} />}
        <Amount label="Total" value={formatDollars(invoice.total, cur)} />
        <Amount label="Paid" value={formatDollars(invoice.paid, cur)} />
        <Amount label="Balance due" value={formatDollars(invoice.balance, cur)} strong />
      </Stack>
      {invoice.note && <DetailField label="Note">{invoice.note}</DetailField>}

      <Divider label="Payments" labelPosition="left" />
      {invoice.payments.length === 0 ? (
        <Text size="sm" c="dimmed">No payments yet.</Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label="Payments" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {invoice.payments.map((p) => (
            <PaymentRow key={p._id} payment={p} invoice={invoice} onRefund={() => setRefunding(p)} />
          ))}
        </Stack>
      )}

      <RecordPaymentModal invoice={invoice} opened={modal === 'pay'} onClose={() => setModal(null)} />
      <VoidInvoiceModal invoice={invoice} opened={modal === 'void'} onClose={() => setModal(null)} />
      <RefundModal payment={refunding} currency={cur} onClose={() => setRefunding(null)} />
    </Stack>
  );
}

function Amount({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="sm" fw={strong ? 700 : undefined}>{label}</Text>
      <Text size="sm" fw={strong ? 700 : 500}>{value}</Text>
    </Group>
  );
}

const STATUS_COLORS: Record<string, string> = { succeeded: 'teal.9', pending: 'gray.8', declined: 'red.9', failed: 'red.9', refunded: 'gray.8' };

function PaymentRow({ payment: p, invoice, onRefund }: { payment: InvoicePaymentItem; invoice: InvoiceDetails; onRefund: () => void }) {
  const method = p.method === 'card'
    ? `${p.cardBrand ?? 'Card'}${p.cardLast4 ? ` ending ${p.cardLast4}` : ''}`
    : PAYMENT_METHOD_LABELS[p.method as 'cash' | 'check'] ?? p.method;
  return (
    <li>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={500}>{method}</Text>
            <Badge size="xs" variant="outline" tt="none" color={STATUS_COLORS[p.status] ?? 'gray.8'}>{p.status}</Badge>
            {p.testMode && <Badge size="xs" variant="light" color="orange" c="dark.7" tt="none">Test mode</Badge>}
          </Group>
          <Text size="xs" c="dimmed">
            {formatMoment(p.createdAt, invoice.timeZone)}{p.reference ? ` · ${p.reference}` : ''}
          </Text>
          {p.refunds.map((r) => (
            <Text key={r._id} size="xs" c="dimmed">
              Refunded {formatDollars(r.amount, invoice.currency)} on {formatMoment(r.createdAt, invoice.timeZone)} ({r.status})
            </Text>
          ))}
        </div>
        <Stack gap={4} align="flex-end">
          <Text size="sm" fw={500}>{formatDollars(p.amount, invoice.currency)}</Text>
          {p.refundable > 0 && (
            <Button size="compact-xs" variant="subtle" color="red.9" onClick={onRefund} aria-label={`Refund ${formatDollars(p.amount, invoice.currency)} paid by ${method}`}>
              Refund
            </Button>
          )}
        </Stack>
      </Group>
    </li>
  );
}
