import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { PAY_CARD_MONTHS, PAY_CARD_YEARS } from '../../../shared/billing-family-text';
import { allowNumericKeys } from '../../lib/numericKeys';

export type CardValues = { cardNo: string; expMonth: string; expYear: string; cardCode: string };
export const EMPTY_CARD: CardValues = { cardNo: '', expMonth: '', expYear: '', cardCode: '' };

const MONTHS = [{ value: '', label: 'Month' }, ...PAY_CARD_MONTHS.map((m) => ({ value: m, label: m }))];
const YEARS = [{ value: '', label: 'Year' }, ...PAY_CARD_YEARS.map((y) => ({ value: y, label: y }))];

/** The payload's expDate (year-month), or nothing while a select is empty. */
export const expDateOf = (v: CardValues) => (v.expMonth && v.expYear ? `${v.expYear}-${v.expMonth}` : undefined);

type Props = {
  register: UseFormRegister<CardValues & Record<string, unknown>>;
  errors: FieldErrors<CardValues> & { expDate?: { message?: string } };
  idPrefix: string;
};

/** Card number, expiry month and year, and card code: digits only (docs/domains/plans.md "Rules"'s numeric-key filter). */
export function PlanCardFields({ register, errors, idPrefix }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput id={`${idPrefix}-cardNo`} label="Card Number" inputMode="numeric" autoComplete="cc-number" maxLength={16} required onKeyDown={allowNumericKeys} error={errors.cardNo?.message} {...register('cardNo')} />
      <TextInput id={`${idPrefix}-cardCode`} label="Card Code" inputMode="numeric" autoComplete="cc-csc" maxLength={4} required onKeyDown={allowNumericKeys} error={errors.cardCode?.message} {...register('cardCode')} />
      <NativeSelect id={`${idPrefix}-expMonth`} label="Month" autoComplete="cc-exp-month" required data={MONTHS} error={errors.expMonth?.message ?? errors.expDate?.message} {...register('expMonth')} />
      <NativeSelect id={`${idPrefix}-expYear`} label="Year" autoComplete="cc-exp-year" required data={YEARS} error={errors.expYear?.message} {...register('expYear')} />
    </SimpleGrid>
  );
}
