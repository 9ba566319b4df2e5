import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { payMyPlanBody, type SchoolBooking } from '../../../shared/contracts/school-plans';
import { FormFailure } from '../../components/FormParts';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { usePayMyPlan } from './api';
import { EMPTY_CARD_FIELDS, expDateOf, type CardFieldValues } from '../../components/CardFields';
import { HookFormCardFields } from '../../components/HookFormCardFields';

/** Pays a failed renewal now: with the card on file, or a new one that replaces it. */
export function PayPlanForm({ booking }: { booking: SchoolBooking }) {
  const pay = usePayMyPlan();
  const [newCard, setNewCard] = useState(!booking.card);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CardFieldValues>({ defaultValues: EMPTY_CARD_FIELDS });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (v) => {
    setFailure(null);
    const body = newCard ? { cardNo: v.cardNo || undefined, expDate: expDateOf(v.expMonth, v.expYear) || undefined, cardCode: v.cardCode || undefined } : {};
    const parsed = payMyPlanBody.safeParse(newCard ? { ...body, cardNo: body.cardNo ?? '' } : body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = (issue.path[0] === 'expDate' ? 'expMonth' : issue.path[0]) as keyof CardFieldValues;
        form.setError(field, { type: 'validate', message: issue.message });
      }
      return;
    }
    try {
      const result = await pay.mutateAsync(body);
      notifySuccess(result.message);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Pay your plan">
      <Stack gap="sm">
        <FormFailure message={failure} />
        {booking.card && (
          <Switch label={`Use a new card instead of ${booking.card.brand} ending in ${booking.card.last4}`} checked={newCard} onChange={(e) => setNewCard(e.currentTarget.checked)} />
        )}
        {newCard && <HookFormCardFields form={form} idPrefix="pay-plan" />}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">The period due is charged once; your plan is active again at once.</Text>
          <Button type="submit" loading={isSubmitting}>Pay now</Button>
        </Group>
      </Stack>
    </form>
  );
}
