import { Badge } from '@mantine/core';
import { STORE_MESSAGES, type StoreItem } from '../../../shared/contracts/store';

/** "Out of stock", "Low stock" or how many are left. */
export function StockBadge({ item, showCount = false }: { item: Pick<StoreItem, 'inStock' | 'lowStock' | 'quantity'>; showCount?: boolean }) {
  if (!item.inStock) return <Badge color="red" variant="light" c="dark.7">{STORE_MESSAGES.outOfStock}</Badge>;
  if (item.lowStock) return <Badge color="yellow" variant="light" c="dark.7">{showCount ? `Low stock: ${item.quantity}` : 'Low stock'}</Badge>;
  return <Badge color="teal" variant="light" c="dark.7">{showCount ? `In stock: ${item.quantity}` : 'In stock'}</Badge>;
}
