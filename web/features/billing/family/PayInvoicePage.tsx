import { Alert, Badge, Box, Button, Container, Divider, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMusic } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { PayableInvoice } from '../../../../shared/contracts/billing-family';
import { FAMILY_MESSAGES as M } from '../../../../shared/billing-family-text';
import { FormSkeleton, LoadFailed } from '../../../components/PublicLoadState';
import { ApiError, errorMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/forms';
import { useLightForm } from '../../../lib/useLightForm';
import { CARD_FIELDS, CardDetailsFields, EMPTY_CARD, type CardValues } from './CardDetailsFields';
import { cardValidation } from './lazyCardValidation';
import { fetchPayableInvoice, newAttemptKey, submitInvoicePayment } from './payPageApi';
import { formatDollars } from '../../../../shared/money';

// The dialogs (and Mantine's modal code) come when the payer starts filling the form, not with the
// page: the page's first load decides when the invoice appears (decision 027).
const loadDialogs = () => import('./PayResultDialogs');
const PayResultDialogs = lazy(() => loadDialogs().then((m) => ({ default: m.PayResultDialogs })));

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; invoice: PayableInvoice };
type Outcome = { kind: 'success' | 'failure'; message: string } | null;

/** The form's start: the bill-to's details where the school knows them (docs/domains/billing.md "Screens and routes"). */
function prefilled(invoice: PayableInvoice): CardValues {
  const b = invoice.studentId;
  return {
    ...EMPTY_CARD,
    firstName: b.first_name, lastName: b.last_name, email: b.email, cellPhone: b.cellPhone,
    address1: b.address1, city: b.city, state: b.state, postalCode: b.postal_code, country: b.country,
  };
}

function InvoiceFacts({ invoice }: { invoice: PayableInvoice }) {
  const billTo = `${invoice.studentId.first_name} ${invoice.studentId.last_name}`;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
      {[
        ['School', invoice.adminId.school_name],
        ['Invoice Number', invoice.invoiceNo],
        ['Bill To', billTo],
        ['Balance Due', formatDollars(invoice.dueDeposit, invoice.currency)],
      ].map(([term, value]) => (
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

type FormProps = { token: string; invoice: PayableInvoice; onOutcome: (o: Outcome) => void };

/**
 * The card and billing sections, Amount (disabled, the balance) and Save. One idempotency key an
 * attempt: a second click while the first is on its way, or a retry after the connection dropped,
 * sends the same key; an answer (approved or declined) ends the attempt.
 */
function PayForm({ token, invoice, onOutcome }: FormProps) {
  const attemptKey = useRef<string | null>(null);
  const form = useLightForm<CardValues, Parameters<typeof submitInvoicePayment>[0]>({
    initialValues: prefilled(invoice),
    validate: async (values) => {
      const result = await cardValidation.validate(values as never);
      if (!result.ok) return result;
      const { expMonth, expYear, ...rest } = result.data;
      attemptKey.current ??= newAttemptKey();
      return { ok: true, data: { ...rest, expDate: `${expYear}-${expMonth}`, invoiceId: token, idempotencyKey: attemptKey.current } };
    },
  });

  const submit = form.handleSubmit(async (payload) => {
    try {
      const result = await submitInvoicePayment(payload);
      attemptKey.current = null;
      onOutcome({ kind: 'success', message: result.message || M.paid });
    } catch (error) {
      // Without an answer the attempt's outcome is unknown: the same key goes again.
      if (error instanceof ApiError && error.status !== 0) attemptKey.current = null;
      const errors = error instanceof ApiError ? { ...error.errors } : {};
      // The payload names the expiry expDate; the form shows it under Month.
      if (errors.expDate && !errors.expMonth) errors.expMonth = errors.expDate;
      applyFieldErrors(error instanceof ApiError ? new ApiError(error.status, error.message, errors) : error, form.setError, CARD_FIELDS);
      onOutcome({ kind: 'failure', message: errorMessage(error) });
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      onFocus={() => {
        cardValidation.preload();
        void loadDialogs();
      }}
      aria-label="Add Card Details"
    >
      <Stack gap="lg">
        <CardDetailsFields
          form={form}
          idPrefix="pay"
          after={<TextInput label="Amount" value={formatDollars(invoice.dueDeposit, invoice.currency)} disabled readOnly />}
        />
        <Button type="submit" size="md" loading={form.submitting}>
          Save
        </Button>
      </Stack>
    </form>
  );
}

/**
 * /invoices/pay/:id (public, docs/domains/billing.md "Screens and routes", "Rules"): "Add Card Details" for the invoice of
 * the emailed pay token. The server takes the amount from the invoice; the page shows the
 * server's answer in a dialog (success: no confirm button, a click outside leaves it open).
 */
export default function PayInvoicePage() {
  const { id: token = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [dialogsMounted, setDialogsMounted] = useState(false);
  // A new form after a success: the fields clear (docs/domains/billing.md "Rules").
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    let current = true;
    fetchPayableInvoice(token).then(
      (invoice) => current && setLoad({ state: 'ready', invoice }),
      (error: unknown) => current && setLoad({ state: 'error', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [token, attempt]);

  const onOutcome = (o: Outcome) => {
    setDialogsMounted(true);
    setOutcome(o);
    if (o?.kind === 'success') {
      setFormKey((k) => k + 1);
      // The invoice now reads paid: the page says so instead of offering the form again.
      setAttempt((n) => n + 1);
    }
  };

  let body;
  if (load.state === 'loading') {
    body = <FormSkeleton label="Loading the invoice" />;
  } else if (load.state === 'error') {
    body = <LoadFailed title="This invoice cannot be shown" message={load.message} onRetry={() => { setLoad({ state: 'loading' }); setAttempt((n) => n + 1); }} />;
  } else {
    const { invoice } = load;
    body = (
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={1} size="h2">
            Add Card Details
          </Title>
          {invoice.testMode && (
            <Badge color="orange" c="dark.7" variant="light" size="lg" title="Payments to this school go through the sandbox: no real money moves">
              Test mode
            </Badge>
          )}
        </Group>
        <InvoiceFacts invoice={invoice} />
        <Divider />
        {invoice.status === 'open' ? (
          <PayForm key={formKey} token={token} invoice={invoice} onOutcome={onOutcome} />
        ) : (
          <Alert
            color={invoice.status === 'paid' ? 'green' : 'gray'}
            variant="light"
            icon={invoice.status === 'paid' ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
            role="status"
          >
            {invoice.status === 'paid' ? M.alreadyPaid : M.voided}
          </Alert>
        )}
      </Stack>
    );
  }

  return (
    <Box component="main" mih="100vh" bg="gray.0" py={{ base: 'md', sm: 48 }}>
      <Container size={640} px={{ base: 'xs', sm: 'md' }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {body}
        </Paper>
        <Text size="xs" c="dimmed" ta="center" mt="sm">
          <IconMusic size={12} aria-hidden /> Powered by Cadenza
        </Text>
      </Container>
      {dialogsMounted && (
        <Suspense fallback={null}>
          <PayResultDialogs outcome={outcome} onClose={() => setOutcome(null)} />
        </Suspense>
      )}
    </Box>
  );
}
