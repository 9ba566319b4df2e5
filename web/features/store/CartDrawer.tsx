import { ActionIcon, Alert, Button, Divider, Drawer, Group, Loader, NumberInput, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { CART_QUANTITY_MAX, type CartLine } from '../../../shared/contracts/store-orders';
import { QueryError } from '../../components/QueryError';
import { errorMessage } from '../../lib/api';
import { dismissToast, notifyError } from '../../lib/notify';
import { CheckoutModal } from './CheckoutModal';
import { formatDollars } from '../../../shared/money';
import { CartTotals } from './CartTotals';
import { ADDED_TO_CART_TOAST, useAddToCart, useCart, useRemoveFromCart } from './orderApi';

function Line({ line }: { line: CartLine }) {
  const set = useAddToCart();
  const remove = useRemoveFromCart();
  const name = line.storeId.item_name;
  const onError = (err: unknown) => notifyError(errorMessage(err));
  const setQuantity = (quantity: number) => set.mutate({ storeId: line.storeId._id, quantity }, { onError });
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm">{name}</Text>
        <Text fw={600} size="sm">{formatDollars(line.total)}</Text>
      </Group>
      <Group justify="space-between" wrap="nowrap" align="flex-end">
        <Group gap={4} wrap="nowrap" align="flex-end">
          <ActionIcon variant="default" size="lg" aria-label={`One fewer ${name}`} disabled={line.quantity <= 1 || set.isPending} onClick={() => setQuantity(line.quantity - 1)}>
            <IconMinus size={16} />
          </ActionIcon>
          <NumberInput label={<>Quantity<VisuallyHidden> of {name}</VisuallyHidden></>} min={1} max={CART_QUANTITY_MAX} allowDecimal={false} hideControls w={80} value={line.quantity}
            onChange={(v) => { const q = Number(v); if (Number.isInteger(q) && q >= 1 && q !== line.quantity) setQuantity(q); }} />
          <ActionIcon variant="default" size="lg" aria-label={`One more ${name}`} disabled={line.quantity >= CART_QUANTITY_MAX || set.isPending} onClick={() => setQuantity(line.quantity + 1)}>
            <IconPlus size={16} />
          </ActionIcon>
        </Group>
        <Text size="xs" c="gray.7">{formatDollars(line.price)} each</Text>
        <ActionIcon variant="subtle" color="red.9" aria-label={`Remove ${name}`} loading={remove.isPending} onClick={() => remove.mutate(line.storeId._id, { onError })}>
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
      {line.short && <Text size="xs" c="red.9">Only {line.storeId.quantity} left in stock</Text>}
    </Stack>
  );
}

/** The cart (a drawer of /store): lines with their quantity up and down, the server's totals, checkout. */
export function CartDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const cart = useCart();
  const [checkout, setCheckout] = useState(false);
  useEffect(() => {
    if (opened) dismissToast(ADDED_TO_CART_TOAST);
  }, [opened]);
  return (
    <>
      <Drawer opened={opened} onClose={onClose} title="Cart" position="right" size="md" closeButtonProps={{ 'aria-label': 'Close' }}>
        {cart.isError ? (
          <QueryError error={cart.error} onRetry={() => void cart.refetch()} title="Could not load your cart" />
        ) : cart.isPending ? (
          <Group justify="center" p="lg"><Loader aria-label="Loading your cart" /></Group>
        ) : cart.data.results.length === 0 ? (
          <Alert color="gray" variant="light" title="Your cart is empty">Open an item of the store and add it to your cart.</Alert>
        ) : (
          <Stack gap="md">
            {cart.data.results.map((line) => <Line key={line._id} line={line} />)}
            <Divider />
            <CartTotals cart={cart.data} label="Cart totals" />
            <Button onClick={() => setCheckout(true)} disabled={cart.data.results.some((l) => l.short)}>Checkout</Button>
          </Stack>
        )}
      </Drawer>
      <CheckoutModal opened={checkout} cart={cart.data} onClose={() => setCheckout(false)} />
    </>
  );
}
