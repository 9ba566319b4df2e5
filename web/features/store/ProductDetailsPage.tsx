import { Anchor, Badge, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAdjustments, IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DetailField } from '../../components/DetailField';
import { PageHeader } from '../../components/PageHeader';
import { QueryContent } from '../../components/QueryContent';
import { useRequiredSession } from '../../lib/useSession';
import { AdjustStockModal } from './AdjustStockModal';
import { useItem } from './api';
import { ItemImage } from './ItemImage';
import { ProductFormModal, type ItemEditing } from './ProductFormModal';
import { StockBadge } from './StockBadge';
import { StockHistory } from './StockHistory';
import { formatDollars } from '../../../shared/money';
import { STORE_ROUTES } from '../../../shared/contracts/store';
import { mayCall } from '../../../shared/permissions';


/** /stores/product-details/{id}: one item of the school's store, and (for the admin) its stock history. */
export default function ProductDetailsPage() {
  const { id = '' } = useParams();
  const { user } = useRequiredSession();
  const item = useItem(id);
  const [editing, setEditing] = useState<ItemEditing>(null);
  const [adjusting, setAdjusting] = useState(false);
  const admin = mayCall(STORE_ROUTES.adjustStock, user);
  // A teacher reads the school's items (decision 090): no Edit the server would refuse.
  const keeps = mayCall(STORE_ROUTES.update, user);

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/stores/product-listing" size="sm"><Group gap={4}><IconArrowLeft size={14} />Product Listing</Group></Anchor>
      <QueryContent query={item} loadingLabel="Loading the item" errorTitle="Could not load this item">
        {(it) => (
          <Stack gap="lg">
            <PageHeader
              title={it.item_name}
              subtitle={it.store === 'provider' ? 'An item of the provider’s store' : 'An item of your school’s store'}
              actions={it.store === 'school' && keeps && (
                <Group gap="sm">
                  {admin && <Button variant="default" leftSection={<IconAdjustments size={16} />} onClick={() => setAdjusting(true)}>Adjust stock</Button>}
                  <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing({ mode: 'edit', item: it })}>Edit item</Button>
                </Group>
              )}
            />
            <Grid>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Card withBorder radius="md" p={0} style={{ overflow: 'hidden' }}><ItemImage item={it} height={220} /></Card>
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <Card withBorder radius="md">
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                    <DetailField label="Item Code">{it.item_code ?? '—'}</DetailField>
                    <DetailField label="Category">{it.select_category?.name ?? '—'}</DetailField>
                    <DetailField label="Item Price">{formatDollars(it.item_price)}</DetailField>
                    <DetailField label="Shipping Cost">{it.shipping_cost === null ? '—' : formatDollars(it.shipping_cost)}</DetailField>
                    <DetailField label="Tax applicable">{it.tax_applicable ? 'Yes' : 'No'}</DetailField>
                    <DetailField label="Quantity" block><Group gap="xs"><Text size="sm">{it.quantity}</Text><StockBadge item={it} /></Group></DetailField>
                    {it.seller && <DetailField label="Seller">{`${it.seller.first_name} ${it.seller.last_name}`}</DetailField>}
                  </SimpleGrid>
                </Card>
              </Grid.Col>
            </Grid>
            {admin && it.store === 'school' && (
              <Stack gap="sm">
                <Title order={2} size="h4">Stock history {it.lowStock && <Badge color="yellow" variant="light" c="dark.7">Low stock</Badge>}</Title>
                <StockHistory productId={it._id} />
              </Stack>
            )}
            {keeps && <ProductFormModal editing={editing} provider={false} onClose={() => setEditing(null)} />}
            <AdjustStockModal item={adjusting ? it : null} onClose={() => setAdjusting(false)} />
          </Stack>
        )}
      </QueryContent>
    </Stack>
  );
}
