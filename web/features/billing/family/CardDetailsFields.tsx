import { SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CardForm } from '../../../../shared/contracts/billing';
import { CardFields } from '../../../components/CardFields';
import type { LightForm } from '../../../lib/useLightForm';

/** The form's values as typed: every field a string ('' until chosen). */
export type CardValues = Record<keyof CardForm, string>;

export const EMPTY_CARD: CardValues = {
  cardNo: '', expMonth: '', expYear: '', cardCode: '',
  firstName: '', lastName: '', email: '', cellPhone: '', address1: '', city: '', state: '', postalCode: '', country: '',
};

export const CARD_FIELDS = Object.keys(EMPTY_CARD) as (keyof CardValues)[];

type Props<TOut> = {
  form: LightForm<CardValues, TOut>;
  /** Makes the ids of two forms on one page differ (the add-card dialog over Payment / Billing). */
  idPrefix: string;
  /** What the billing section ends with (the pay page's disabled Amount). */
  after?: ReactNode;
};

/**
 * The card and billing sections of docs/domains/billing.md "Screens and routes"'s pay page (also the "Add card" dialog):
 * the card is the one card form (web/components/CardFields.tsx, decision 074).
 */
export function CardDetailsFields<TOut>({ form, idPrefix, after }: Props<TOut>) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <Stack gap="lg">
      <Stack gap="sm" component="section" aria-labelledby={id('card-heading')}>
        <Title order={2} size="h4" id={id('card-heading')}>
          Card Details
        </Title>
        <CardFields
          idPrefix={idPrefix}
          values={form.values}
          errors={form.errors}
          onChange={(field, value) => form.setValue(field, value)}
          fieldRef={form.fieldRef}
        />
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
