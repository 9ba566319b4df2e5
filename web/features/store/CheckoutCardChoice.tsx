import { Radio, Stack, Text } from '@mantine/core';
import { cardLabel } from '../../../shared/billing-family-text';
import type { SavedCard } from '../../../shared/contracts/billing-family';

export const NEW_CARD = 'new';

/** The card step starts on the buyer's default saved card (one that has not expired), else on a new card. */
export function defaultCardChoice(cards: readonly SavedCard[]): string {
  return cards.find((c) => c.isDefault && !c.expired)?.cardId ?? NEW_CARD;
}

type Props = { cards: readonly SavedCard[]; value: string; onChange: (value: string) => void; error?: string };

/** Checkout's "Pay with": each saved card (brand, last four, expiry; an expired one shown but not chosen) or a new card. */
export function CheckoutCardChoice({ cards, value, onChange, error }: Props) {
  return (
    <Radio.Group label="Pay with" value={value} onChange={onChange} error={error}>
      <Stack gap="sm" mt="xs">
        {cards.map((c) => (
          <Radio key={c.cardId} value={c.cardId} disabled={c.expired}
            label={`${cardLabel(c)}${c.isDefault ? ' (default)' : ''}`}
            description={`${c.expired ? 'Expired' : 'Expires'} ${c.expMonth}/${c.expYear}`} />
        ))}
        <Radio value={NEW_CARD} label="New card" />
      </Stack>
    </Radio.Group>
  );
}

/** Why the provider's store offers no saved card: they are profiles of the school's merchant account. */
export function ProviderStoreCardNote() {
  return <Text size="sm" c="gray.7">Saved cards pay your school’s store only: enter a card for this order.</Text>;
}
