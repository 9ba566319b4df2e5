import { Button, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useRef } from 'react';
import type { PayableInvoice } from '../../../../shared/contracts/billing-family';
import { FAMILY_MESSAGES as M } from '../../../../shared/billing-family-text';
import { formatDollars } from '../../../../shared/money';
import { ApiError, errorMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/forms';
import { useLightForm } from '../../../lib/useLightForm';
import { CARD_FIELDS, CardDetailsFields, EMPTY_CARD, type CardValues } from './CardDetailsFields';
import { cardValidation } from './lazyCardValidation';
import { newAttemptKey, submitInvoicePayment } from './payPageApi';

/** The form's start: the bill-to's details, the payer the invoice (and its PDF) is billed to (decision 075). */
function prefilled(invoice: PayableInvoice): CardValues {
  const b = invoice.billTo;
  return {
    ...EMPTY_CARD,
    firstName: b.first_name, lastName: b.last_name, email: b.email, cellPhone: b.cellPhone,
    address1: b.address1, city: b.city, state: b.state, postalCode: b.postal_code, country: b.country,
  };
}

type FormProps = {
  token: string;
  invoice: PayableInvoice;
  onPaid: (invoice: PayableInvoice, message: string) => void;
  onFailure: (message: string, stale: boolean) => void;
  /** The payer starts filling the form: what a failure shows may be fetched now. */
  onFirstFocus: () => void;
};

/**
 * The card and billing sections and the Pay button, which names the balance: the server charges
 * the invoice's balance whatever the page sends. One idempotency key an attempt: a second click
 * while the first is on its way, or a retry after the connection dropped, sends the same key and
 * is charged once; an answer (approved or declined) ends the attempt.
 */
export function PayForm({ token, invoice, onPaid, onFailure, onFirstFocus }: FormProps) {
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
      const { data, message } = await submitInvoicePayment(payload);
      attemptKey.current = null;
      onPaid(
        {
          ...invoice,
          status: data.status,
          dueDeposit: data.balance,
          paid: Math.round((invoice.total - data.balance) * 100) / 100,
          receipt: data.receipt ?? null,
        },
        message || M.paid,
      );
    } catch (error) {
      // Without an answer the attempt's outcome is unknown: the same key goes again.
      if (error instanceof ApiError && error.status !== 0) attemptKey.current = null;
      const errors = error instanceof ApiError ? { ...error.errors } : {};
      // The payload names the expiry expDate; the form shows it under Month.
      if (errors.expDate && !errors.expMonth) errors.expMonth = errors.expDate;
      applyFieldErrors(error instanceof ApiError ? new ApiError(error.status, error.message, errors) : error, form.setError, CARD_FIELDS);
      // 409: paid (or being paid) meanwhile, from another tab or device: the page reads the invoice again.
      onFailure(errorMessage(error), error instanceof ApiError && error.status === 409);
    }
  });

  // One submit at a time: Enter in a field while the button is busy does not send a second request
  // (the server would charge it once anyway: the same attempt key).
  const inFlight = useRef(false);
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await submit(event);
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={() => {
        cardValidation.preload();
        onFirstFocus();
      }}
      aria-label="Pay by card"
    >
      <Stack gap="lg">
        <CardDetailsFields form={form} idPrefix="pay" />
        <Stack gap={6}>
          <Button type="submit" size="md" fullWidth loading={form.submitting} leftSection={<IconLock size={18} aria-hidden />}>
            Pay {formatDollars(invoice.dueDeposit, invoice.currency)}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            Your card is charged once, for the balance due, by {invoice.adminId.school_name}&apos;s payment processor.
          </Text>
        </Stack>
      </Stack>
    </form>
  );
}
