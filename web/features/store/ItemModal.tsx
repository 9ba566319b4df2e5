import { Badge, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { AppModal } from '../../components/AppModal';
import { DetailField } from '../../components/DetailField';
import { QueryContent } from '../../components/QueryContent';
import { useItem } from './api';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccessAs } from '../../lib/notify';
import { ADDED_TO_CART_TOAST, useAddToCart } from './orderApi';
import { ItemImage } from './ItemImage';
import { StockBadge } from './StockBadge';
import { formatDollars } from '../../../shared/money';


/** An item's page in the store: its picture (or the placeholder), price, stock state and details. */
export function ItemModal({ itemId, onClose, canBuy = false }: { itemId: string | null; onClose: () => void; canBuy?: boolean }) {
  const item = useItem(itemId);
  const add = useAddToCart();
  return (
    <AppModal opened={itemId !== null} onClose={onClose} title={item.data?.item_name ?? 'Item'} size="lg">
      <QueryContent query={item} loadingLabel="Loading the item" errorTitle="Could not load this item">
        {(it) => (
          <Grid>
            <Grid.Col span={{ base: 12, sm: 5 }}><ItemImage item={it} height={200} /></Grid.Col>
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <Stack gap="sm">
                <Group gap="xs">
                  <Badge variant="light" color={it.store === 'provider' ? 'grape' : 'indigo'} c="dark.7">
                    {it.store === 'provider' ? 'Provider store' : 'School store'}
                  </Badge>
                  <StockBadge item={it} />
                </Group>
                <Title order={3} size="h3">{formatDollars(it.item_price)}</Title>
                <DetailField label="Item Code">{it.item_code ?? '—'}</DetailField>
                <DetailField label="Category">{it.select_category?.name ?? '—'}</DetailField>
                <DetailField label="Shipping">{it.shipping_cost === null ? 'Free' : formatDollars(it.shipping_cost)}</DetailField>
                <DetailField label="Tax">{it.tax_applicable ? 'Sales tax applies' : 'No tax'}</DetailField>
                {it.seller && <DetailField label="Sold by">{`${it.seller.first_name} ${it.seller.last_name}`}</DetailField>}
                {!it.inStock && <Text size="sm" c="dark.7">This item is out of stock for now.</Text>}
                {canBuy && it.inStock && (
                  <Group>
                    <Button loading={add.isPending} onClick={() => add.mutate({ storeId: it._id, quantity: 1, add: true }, {
                      onSuccess: (r) => notifySuccessAs(ADDED_TO_CART_TOAST, r.message), onError: (err) => notifyError(errorMessage(err)),
                    })}>Add to cart</Button>
                  </Group>
                )}
              </Stack>
            </Grid.Col>
          </Grid>
        )}
      </QueryContent>
    </AppModal>
  );
}
