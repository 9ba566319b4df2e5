import { NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CardForm } from '../../../../shared/contracts/billing';
import { PAY_CARD_MONTHS, PAY_CARD_YEARS } from '../../../../shared/billing-family-text';
import type { LightForm } from '../../../lib/useLightForm';
import { allowNumericKeys } from '../../../lib/numericKeys';

/** The form's values as typed: every field a string ('' until chosen). */
export type CardValues = Record<keyof CardForm, string>;

export const EMPTY_CARD: CardValues = {
  cardNo: '', expMonth: '', expYear: '', cardCode: '',
  firstName: '', lastName: '', email: '', cellPhone: '', address1: '', city: '', state: '', postalCode: '', country: '',
};

export const CARD_FIELDS = Object.keys(EMPTY_CARD) as (keyof CardValues)[];

const MONTHS = [{ value: '', label: 'Month' }, ...PAY_CARD_MONTHS.map((m) => ({ value: m, label: m }))];
const YEARS = [{ value: '', label: 'Year' }, ...PAY_CARD_YEARS.map((y) => ({ value: y, label: y }))];

type Props<TOut> = {
  form: LightForm<CardValues, TOut>;
  /** Makes the ids of two forms on one page differ (the add-card dialog over Payment / Billing). */
  idPrefix: string;
  /** What the billing section ends with (the pay page's disabled Amount). */
  after?: ReactNode;
};

/**
 * The card and billing sections of docs/domains/billing.md "Screens and routes"'s pay page (also the "Add card" dialog): card
 * number and CSV take digits only (docs/domains/billing.md "Rules"'s numeric-key filter), expiry is a Month and a
 * Year select (docs/domains/billing.md "Limits": 01–12, 2021–2036).
 */
export function CardDetailsFields<TOut>({ form, idPrefix, after }: Props<TOut>) {
  const select = (field: 'expMonth' | 'expYear') => ({
    name: field,
    value: form.values[field],
    error: form.errors[field],
    ref: form.fieldRef(field),
    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => form.setValue(field, event.currentTarget.value),
  });
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <Stack gap="lg">
      <Stack gap="sm" component="section" aria-labelledby={id('card-heading')}>
        <Title order={2} size="h4" id={id('card-heading')}>
          Card Details
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            id={id('cardNo')}
            label="Card Number"
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={16}
            required
            onKeyDown={allowNumericKeys}
            {...form.textField('cardNo')}
          />
          <TextInput
            id={id('cardCode')}
            label="CSV"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            required
            onKeyDown={allowNumericKeys}
            {...form.textField('cardCode')}
          />
          <NativeSelect id={id('expMonth')} label="Month" autoComplete="cc-exp-month" required data={MONTHS} {...select('expMonth')} />
          <NativeSelect id={id('expYear')} label="Year" autoComplete="cc-exp-year" required data={YEARS} {...select('expYear')} />
        </SimpleGrid>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby={id('billing-heading')}>
        <Title order={2} size="h4" id={id('billing-heading')}>
          Billing Details
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput id={id('firstName')} label="First Name" autoComplete="cc-given-name" required {...form.textField('firstName')} />
          <TextInput id={id('lastName')} label="Last Name" autoComplete="cc-family-name" required {...form.textField('lastName')} />
          <TextInput id={id('email')} label="Email" type="email" autoComplete="email" required {...form.textField('email')} />
          <TextInput id={id('cellPhone')} label="Phone" type="tel" inputMode="tel" autoComplete="tel" required {...form.textField('cellPhone')} />
        </SimpleGrid>
        <TextInput id={id('address1')} label="Address" autoComplete="address-line1" required {...form.textField('address1')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput id={id('city')} label="City" autoComplete="address-level2" required {...form.textField('city')} />
          <TextInput id={id('state')} label="State" autoComplete="address-level1" required {...form.textField('state')} />
          <TextInput id={id('postalCode')} label="Postal Code" autoComplete="postal-code" maxLength={8} required {...form.textField('postalCode')} />
          <TextInput id={id('country')} label="Country" autoComplete="country-name" required {...form.textField('country')} />
        </SimpleGrid>
        {after}
      </Stack>
    </Stack>
  );
}
