import { Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  recordPaymentBody, STAFF_PAYMENT_METHOD_LABELS, STAFF_PAYMENT_METHODS, VOID_REASON_MAX, voidInvoiceBody, type InvoiceDetails, type InvoicePaymentItem,
  type RecordPaymentInput,
} from '../../../../shared/contracts/billing-invoices';
import { moneyField } from '../../../../shared/contracts/money';
import { AppModal } from '../../../components/AppModal';
import { FormFailure } from '../../../components/FormParts';
import { errorMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useRecordPayment, useRefundPayment, useVoidInvoice } from './api';
import { formatDollars } from '../../../../shared/money';
import { todayIn } from '../../../../shared/school-clock';

type ModalProps = { invoice: InvoiceDetails; opened: boolean; onClose: () => void };

const METHOD_OPTIONS = STAFF_PAYMENT_METHODS.map((m) => ({ value: m, label: STAFF_PAYMENT_METHOD_LABELS[m] }));
type PaymentShape = { id: string; method: 'cash' | 'check'; amount: string; reference: string; paidOn: string };

/** Cash or a check the office took: at most the balance, dated the day it was paid. */
export function RecordPaymentModal({ invoice, opened, onClose }: ModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={`Record payment: ${invoice.number}`}>
      {opened && <RecordPaymentForm invoice={invoice} onClose={onClose} />}
    </AppModal>
  );
}

function RecordPaymentForm({ invoice, onClose }: { invoice: InvoiceDetails; onClose: () => void }) {
  const form = useForm<PaymentShape>({
    resolver: zodResolver(recordPaymentBody) as unknown as Resolver<PaymentShape>,
    defaultValues: { id: invoice._id, method: 'cash', amount: invoice.balance.toFixed(2), reference: '', paidOn: todayIn(invoice.timeZone) },
  });
  const { errors } = form.formState;
  const record = useRecordPayment();
  const [failure, setFailure] = useState<string | null>(null);
  // The typed dollars go to the server as typed; it turns them into cents itself.
  const save = form.handleSubmit(() => {
    setFailure(null);
    const values: RecordPaymentInput = form.getValues();
    record.mutate(values, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        onClose();
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['method', 'amount', 'reference', 'paidOn'] as const)) setFailure(errorMessage(error));
      },
    });
  });
  return (
    <form noValidate onSubmit={save} aria-label="Record payment">
      <Stack gap="md">
        <Text size="sm">Balance due: <b>{formatDollars(invoice.balance, invoice.currency)}</b></Text>
        <FormFailure message={failure} title="Could not record the payment" />
        <Controller
          control={form.control}
          name="method"
          render={({ field }) => (
            <Select label="Method" required data={METHOD_OPTIONS} allowDeselect={false} value={field.value} onChange={(v) => field.onChange(v ?? 'cash')} error={errors.method?.message} />
          )}
        />
        <TextInput label="Amount" required inputMode="decimal" leftSection="$" error={errors.amount?.message} {...form.register('amount')} />
        <TextInput label="Date paid" type="date" required error={errors.paidOn?.message} {...form.register('paidOn')} />
        <TextInput label="Reference" placeholder="Check number or receipt" error={errors.reference?.message} {...form.register('reference')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={record.isPending}>Cancel</Button>
          <Button type="submit" loading={record.isPending}>Record payment</Button>
        </Group>
      </Stack>
    </form>
  );
}

type VoidShape = { id: string; reason: string };

/** Voids an invoice with no money in, with the reason the office gives. */
export function VoidInvoiceModal({ invoice, opened, onClose }: ModalProps) {
  const form = useForm<VoidShape>({ resolver: zodResolver(voidInvoiceBody) as unknown as Resolver<VoidShape>, defaultValues: { id: invoice._id, reason: '' } });
  const { errors } = form.formState;
  const voidIt = useVoidInvoice();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    form.reset({ id: invoice._id, reason: '' });
    setFailure(null);
    onClose();
  };
  const save = form.handleSubmit((values) => {
    setFailure(null);
    voidIt.mutate(values, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        close();
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['reason'] as const)) setFailure(errorMessage(error));
      },
    });
  });
  return (
    <AppModal opened={opened} onClose={close} title={`Void ${invoice.number}?`}>
      <form noValidate onSubmit={save} aria-label="Void invoice">
        <Stack gap="md">
          <Text size="sm">
            The invoice keeps its number, and its pay link stops taking payments. This cannot be undone: to bill again, make a new invoice.
          </Text>
          <FormFailure message={failure} title="Could not void" />
          <Textarea label="Reason" required rows={3} maxLength={VOID_REASON_MAX} error={errors.reason?.message} {...form.register('reason')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={voidIt.isPending}>Cancel</Button>
            <Button type="submit" color="red.9" loading={voidIt.isPending}>Void invoice</Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

type RefundShape = { amount: string };

/** A card payment back to the card through the school's gateway, whole or part. */
export function RefundModal({ payment, currency, onClose }: { payment: InvoicePaymentItem | null; currency: string; onClose: () => void }) {
  return (
    <AppModal opened={payment !== null} onClose={onClose} title="Refund card payment">
      {payment && <RefundForm payment={payment} currency={currency} onClose={onClose} />}
    </AppModal>
  );
}

function RefundForm({ payment, currency, onClose }: { payment: InvoicePaymentItem; currency: string; onClose: () => void }) {
  const schema = z.object({
    amount: moneyField.refine((v) => v > 0, 'Amount should be more than $0.00').refine((v) => v <= Math.round(payment.refundable * 100), `At most ${formatDollars(payment.refundable, currency)} can be refunded`),
  });
  const form = useForm<RefundShape>({ resolver: zodResolver(schema) as unknown as Resolver<RefundShape>, defaultValues: { amount: payment.refundable.toFixed(2) } });
  const { errors } = form.formState;
  const refund = useRefundPayment();
  const [failure, setFailure] = useState<string | null>(null);
  const save = form.handleSubmit(() => {
    setFailure(null);
    refund.mutate({ paymentId: payment._id, amount: form.getValues('amount') }, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        onClose();
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['amount'] as const)) setFailure(errorMessage(error));
      },
    });
  });
  const card = [payment.cardBrand, payment.cardLast4 ? `ending ${payment.cardLast4}` : null].filter(Boolean).join(' ');
  return (
    <form noValidate onSubmit={save} aria-label="Refund card payment">
      <Stack gap="md">
        <Text size="sm">
          {formatDollars(payment.amount, currency)} paid by {card || 'card'}; up to {formatDollars(payment.refundable, currency)} can go back to the card.
        </Text>
        <FormFailure message={failure} title="Could not refund" />
        <TextInput label="Amount" required inputMode="decimal" leftSection="$" error={errors.amount?.message} {...form.register('amount')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={refund.isPending}>Cancel</Button>
          <Button type="submit" color="red.9" loading={refund.isPending}>Refund</Button>
        </Group>
      </Stack>
    </form>
  );
}
