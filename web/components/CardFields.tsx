import { NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  cardBrandFromPrefix, cardCodeLengthOf, cardDigitsOf, cardExpiryMonths, cardExpiryYears, CARD_NUMBER_DIGITS_MAX, groupCardNumber,
  type CardFieldName, type CardFieldValues,
} from '../../shared/card-text';
import { allowNumericKeys } from '../lib/numericKeys';

export { EMPTY_CARD_FIELDS, expDateOf, type CardFieldName, type CardFieldValues } from '../../shared/card-text';

export type CardFieldsProps = {
  values: CardFieldValues;
  errors: Partial<Record<CardFieldName, string | undefined>>;
  onChange: (field: CardFieldName, value: string) => void;
  /** Makes the ids of two card forms on one page differ. */
  idPrefix: string;
  /** The element a form focuses when the field is invalid. */
  fieldRef?: (field: CardFieldName) => ((element: HTMLElement | null) => void) | undefined;
  /** Today ('YYYY-MM-DD') on the school's clock; the browser's clock in its own zone when the page knows no school. */
  today?: string;
  /** The number takes the focus when the form opens (a dialog's step). */
  autoFocus?: boolean;
};

// Short names: the select fits half a 390 px phone.
/**
 * Today on the browser's clock, in its own zone: the clock the app gives the web (Playwright's
 * page.clock in the browser specs, decision 067). Read without luxon: the public pay page stays light.
 */
function browserToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The one card form (decision 074) of the pay page, "Add card", a school's plan, the school signup
 * and the store's checkout: the number as printed (spaces or dashes), shown in the card's groups
 * with its brand named as it is typed; the expiry's month and year from the current month on;
 * the card code (CVV), 4 digits for American Express. The rule and its messages are
 * shared/contracts/card.ts's, the same the server answers.
 */
export function CardFields({ values, errors, onChange, idPrefix, fieldRef, today, autoFocus }: CardFieldsProps) {
  const day = today ?? browserToday();
  const digits = cardDigitsOf(values.cardNo);
  const brand = cardBrandFromPrefix(digits);
  const codeLength = brand ? cardCodeLengthOf(brand) : 4;
  const years = cardExpiryYears(day);
  const months = cardExpiryMonths(day, values.expYear);
  const id = (name: string) => `${idPrefix}-${name}`;
  const ref = (field: CardFieldName) => fieldRef?.(field);

  const setYear = (year: string) => {
    onChange('expYear', year);
    // A month already past in the year now chosen is no longer offered: it is chosen again.
    if (values.expMonth && !cardExpiryMonths(day, year).includes(values.expMonth)) onChange('expMonth', '');
  };

  return (
    <Stack gap="sm">
      <TextInput
        id={id('cardNo')}
        name="cardNo"
        label="Card number"
        description="As printed on the card"
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        inputMode="numeric"
        autoComplete="cc-number"
        // 19 digits at most and a space between groups.
        maxLength={CARD_NUMBER_DIGITS_MAX + 5}
        required
        data-autofocus={autoFocus || undefined}
        value={values.cardNo}
        error={errors.cardNo}
        ref={ref('cardNo')}
        onChange={(e) => onChange('cardNo', groupCardNumber(e.currentTarget.value))}
        rightSectionWidth={150}
        rightSectionPointerEvents="none"
        rightSection={
          <Text size="sm" fw={600} c="gray.8" aria-live="polite" id={id('brand')} pr="sm" ta="right" w="100%">
            {brand ?? ''}
          </Text>
        }
      />
      <SimpleGrid cols={{ base: 2, xs: 3 }}>
        <NativeSelect
          id={id('expMonth')}
          name="expMonth"
          label="Expiry month"
          autoComplete="cc-exp-month"
          required
          data={[{ value: '', label: 'Month' }, ...months.map((m) => ({ value: m, label: `${m} – ${MONTH_NAMES[Number(m) - 1]}` }))]}
          value={values.expMonth}
          error={errors.expMonth}
          ref={ref('expMonth')}
          onChange={(e) => onChange('expMonth', e.currentTarget.value)}
        />
        <NativeSelect
          id={id('expYear')}
          name="expYear"
          label="Expiry year"
          autoComplete="cc-exp-year"
          required
          data={[{ value: '', label: 'Year' }, ...years.map((y) => ({ value: y, label: y }))]}
          value={values.expYear}
          error={errors.expYear}
          ref={ref('expYear')}
          onChange={(e) => setYear(e.currentTarget.value)}
        />
        <TextInput
          id={id('cardCode')}
          name="cardCode"
          label="Card code (CVV)"
          description={brand === 'American Express' ? '4 digits, on the front' : '3 digits, on the back'}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={codeLength}
          required
          value={values.cardCode}
          error={errors.cardCode}
          ref={ref('cardCode')}
          onKeyDown={allowNumericKeys}
          onChange={(e) => onChange('cardCode', e.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
        />
      </SimpleGrid>
    </Stack>
  );
}
