import { Group, Stack, Text } from '@mantine/core';
import type { CartAnswer } from '../../../shared/contracts/store-orders';
import { formatDollars } from '../../../shared/money';

/**
 * The cart's money as the server counted it (never the page): subtotal, the tax at the store's
 * rate on the items that say tax applies, shipping and the grand total. The cart and the
 * checkout's payment step show the same (decision 074).
 */
export function CartTotals({ cart, label }: { cart: CartAnswer; label: string }) {
  const row = (name: string, value: number, strong = false) => (
    <Group justify="space-between"><Text size="sm" fw={strong ? 700 : 400}>{name}</Text><Text size="sm" fw={strong ? 700 : 400}>{formatDollars(value)}</Text></Group>
  );
  return (
    <Stack gap={4} aria-label={label}>
      {row('Subtotal', cart.subTotal)}
      {row(cart.taxRate > 0 ? `Tax (${cart.taxRate} %)` : 'Tax', cart.tax)}
      {row('Shipping', cart.totalShippingCost)}
      {row('Grand Total', cart.grandTotal, true)}
    </Stack>
  );
}
