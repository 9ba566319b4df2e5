import { Alert, Badge, Box, Button, Container, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconMusic } from '@tabler/icons-react';
import { lazy, startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { PayableInvoice, PayReceipt } from '../../../../shared/contracts/billing-family';
import { FAMILY_MESSAGES as M } from '../../../../shared/billing-family-text';
import { InvoiceLinesTable, InvoiceTotals, type InvoiceTotal } from '../../../components/InvoiceLines';
import { FormSkeleton, LoadFailed } from '../../../components/PublicLoadState';
import { errorMessage } from '../../../lib/api';
import { fetchPayableInvoice, payPagePdfUrl } from './payPageApi';
import { formatDollars } from '../../../../shared/money';
import { formatDate } from './dates';

// The error dialog (and Mantine's modal code) comes when the payer starts filling the form, not
// with the page: the page's first load decides when the invoice appears (decision 027).
const loadDialogs = () => import('./PayResultDialogs');
const PayResultDialogs = lazy(() => loadDialogs().then((m) => ({ default: m.PayResultDialogs })));

// The card form is a chunk of its own, asked for and drawn once the invoice has painted, in a
// transition React may pause: the first paint is not one long task with both (decision 077), and
// its files are not fetched and run on the way to that paint, the page's largest (decision 097).
const loadPayForm = () => import('./PayForm');
const PayForm = lazy(() => loadPayForm().then((m) => ({ default: m.PayForm })));

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; invoice: PayableInvoice };
type Failure = { message: string } | null;

const STATUS_BADGE = { open: { label: 'Open', color: 'blue' }, paid: { label: 'Paid', color: 'green' }, void: { label: 'Void', color: 'gray' } } as const;

function Facts({ items, wide = 4 }: { items: [string, ReactNode][]; wide?: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: wide }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
      {items.map(([term, value]) => (
        <div key={term}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {term}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** What is being paid (decision 075): who is billed, when it is due, the lines and what is left to pay. */
function InvoiceSummary({ invoice }: { invoice: PayableInvoice }) {
  const money = (dollars: number) => formatDollars(dollars, invoice.currency);
  const billTo = (
    <>
      <Text component="span" display="block" inherit>
        {`${invoice.billTo.first_name} ${invoice.billTo.last_name}`}
      </Text>
      {invoice.studentName && (
        <Text component="span" display="block" size="sm" c="dimmed" fw={400}>
          For {invoice.studentName}
        </Text>
      )}
    </>
  );
  const totals: InvoiceTotal[] = [
    { term: 'Subtotal', value: money(invoice.subtotal) },
    ...(invoice.discount > 0 ? [{ term: 'Discount', value: `-${money(invoice.discount)}` }] : []),
    { term: 'Total', value: money(invoice.total) },
    ...(invoice.paid > 0 ? [{ term: 'Paid', value: `-${money(invoice.paid)}` }] : []),
    { term: 'Balance due', value: money(invoice.dueDeposit), strong: true },
  ];
  return (
    <Stack gap="lg">
      <Facts
        items={[
          ['Bill to', billTo],
          ['Issued', formatDate(invoice.issuedOn)],
          ['Due date', formatDate(invoice.dueDate)],
          ['Balance due', money(invoice.dueDeposit)],
        ]}
      />
      <InvoiceLinesTable
        lines={invoice.lines.map((line, i) => ({
          key: String(i),
          item: (
            <>
              {line.description}
              {line.quantity > 1 && <Text size="xs" c="dimmed">{line.quantity} × {money(line.unitPrice)}</Text>}
            </>
          ),
          quantity: line.quantity,
          amount: money(line.amount),
        }))}
      />
      <InvoiceTotals totals={totals} />
    </Stack>
  );
}

const METHOD_LABELS: Record<string, string> = { cash: 'Cash', check: 'Check' };

function paidWith(receipt: PayReceipt): string {
  if (receipt.method === 'card') return receipt.cardLast4 ? `${receipt.cardBrand ?? 'Card'} ending in ${receipt.cardLast4}` : 'Card';
  return METHOD_LABELS[receipt.method] ?? receipt.method;
}

type ReceiptProps = { token: string; invoice: PayableInvoice; justPaid: string | null; headingRef: React.RefObject<HTMLHeadingElement | null> };

/**
 * A paid invoice's receipt (decision 075): right after paying, and on any later visit of the link
 * (a reload shows this, never the card form again). The PDF downloads by the token alone.
 */
function Receipt({ token, invoice, justPaid, headingRef }: ReceiptProps) {
  const { receipt } = invoice;
  return (
    <Stack gap="md" component="section" aria-labelledby="receipt-heading">
      <Group gap="sm" wrap="nowrap" align="center">
        <IconCircleCheck size={28} color="var(--mantine-color-green-7)" aria-hidden style={{ flex: 'none' }} />
        <Title order={2} size="h3" id="receipt-heading" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {justPaid ? 'Payment received' : M.alreadyPaid.replace(/\.$/, '')}
        </Title>
      </Group>
      {justPaid && <Text>{justPaid}</Text>}
      {receipt && (
        <Paper withBorder radius="md" p="md" bg="green.0">
          <Facts
            wide={2}
            items={[
              ['Amount paid', formatDollars(receipt.amount, receipt.currency)],
              ['Paid with', paidWith(receipt)],
              ['Date', receipt.paidOn],
              ['Reference', <Text key="ref" inherit ff="monospace" style={{ overflowWrap: 'anywhere' }}>{receipt.reference}</Text>],
            ]}
          />
        </Paper>
      )}
      {receipt?.emailedTo && (
        <Text size="sm" c="dimmed">
          A receipt was emailed to {receipt.emailedTo}.
        </Text>
      )}
      <Group>
        <Button component="a" href={payPagePdfUrl(token)} download={`${invoice.invoiceNo}.pdf`} variant="light" leftSection={<IconDownload size={18} aria-hidden />}>
          Download invoice PDF
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /invoices/pay/:id (public, docs/domains/billing.md "Screens and routes", "Rules"; decision 075):
 * the invoice of the emailed pay token, what is being paid and who is billed, the card form with
 * a Pay button naming the balance, then the receipt on the page with the PDF. A paid invoice's
 * link shows its receipt; a declined card an error dialog.
 */
export default function PayInvoicePage() {
  const { id: token = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<Failure>(null);
  const [dialogsMounted, setDialogsMounted] = useState(false);
  const [justPaid, setJustPaid] = useState<string | null>(null);
  const receiptHeading = useRef<HTMLHeadingElement | null>(null);
  const [formShown, setFormShown] = useState(false);
  const ready = load.state === 'ready';

  useEffect(() => {
    if (ready) startTransition(() => setFormShown(true));
  }, [ready]);

  useEffect(() => {
    let current = true;
    fetchPayableInvoice(token).then(
      (invoice) => current && startTransition(() => setLoad({ state: 'ready', invoice })),
      (error: unknown) => current && setLoad({ state: 'error', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [token, attempt]);

  // The receipt replaces the form: focus goes to its heading, so a screen reader reads it out.
  useEffect(() => {
    if (justPaid) receiptHeading.current?.focus();
  }, [justPaid]);

  const onPaid = (invoice: PayableInvoice, message: string) => {
    setLoad({ state: 'ready', invoice });
    setJustPaid(message);
  };
  const onFailure = (message: string, stale: boolean) => {
    setDialogsMounted(true);
    setFailure({ message });
    if (stale) setAttempt((n) => n + 1);
  };

  let body;
  if (load.state === 'loading') {
    body = <FormSkeleton label="Loading the invoice" />;
  } else if (load.state === 'error') {
    body = <LoadFailed title="This invoice cannot be shown" message={load.message} onRetry={() => { setLoad({ state: 'loading' }); setAttempt((n) => n + 1); }} />;
  } else {
    const { invoice } = load;
    const badge = STATUS_BADGE[invoice.status];
    body = (
      <Stack gap="xl">
        <Stack gap={4}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {invoice.adminId.school_name}
            </Text>
            {invoice.testMode && (
              <Badge color="orange" c="dark.7" variant="light" size="lg" style={{ flex: 'none' }} title="Payments to this school go through the sandbox: no real money moves">
                Test mode
              </Badge>
            )}
          </Group>
          <Group gap="sm" align="center">
            <Title order={1} size="h2">
              Invoice {invoice.invoiceNo}
            </Title>
            <Badge color={badge.color} variant="light" c="dark.7">
              {badge.label}
            </Badge>
          </Group>
        </Stack>
        <InvoiceSummary invoice={invoice} />
        <Divider />
        {invoice.status === 'open' ? (
          formShown ? (
            <Suspense fallback={<FormSkeleton label="Loading the card form" />}>
              <PayForm token={token} invoice={invoice} onPaid={onPaid} onFailure={onFailure} onFirstFocus={() => void loadDialogs()} />
            </Suspense>
          ) : (
            <FormSkeleton label="Loading the card form" />
          )
        ) : invoice.status === 'paid' ? (
          <Receipt token={token} invoice={invoice} justPaid={justPaid} headingRef={receiptHeading} />
        ) : (
          <Stack gap="md">
            <Alert color="gray" variant="light" icon={<IconAlertTriangle size={18} />} role="status">
              {M.voided}
            </Alert>
            <Group>
              <Button component="a" href={payPagePdfUrl(token)} download={`${invoice.invoiceNo}.pdf`} variant="default" leftSection={<IconDownload size={18} aria-hidden />}>
                Download invoice PDF
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Box component="main" mih="100vh" bg="gray.0" py={{ base: 'md', sm: 48 }}>
      <Container size={720} px={{ base: 'xs', sm: 'md' }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {body}
        </Paper>
        <Text size="xs" c="dimmed" ta="center" mt="sm">
          <IconMusic size={12} aria-hidden /> Powered by Cadenza
        </Text>
      </Container>
      {dialogsMounted && (
        <Suspense fallback={null}>
          <PayResultDialogs failure={failure} onClose={() => setFailure(null)} />
        </Suspense>
      )}
    </Box>
  );
}
