import { Alert, Badge, Box, Button, Card, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconMusic, IconShoppingCart } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { PublicStoreItem, PublicStoreWidget } from '../../../../shared/contracts/store-widget';
import { errorMessage } from '../../../lib/api';
import { formatDollars } from '../../../../shared/money';
import { ItemImage } from '../ItemImage';
import { fetchPublicStoreWidget } from './publicApi';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; store: PublicStoreWidget };

/** Buying leaves the frame: the app opens in a tab of its own, where its session lives (signed out: sign-in, then the store). */
const storeUrl = () => `${window.location.origin}/store`;

function ItemCard({ item }: { item: PublicStoreItem }) {
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={item.item_name}>
      <Card.Section><ItemImage item={item} height={150} /></Card.Section>
      <Stack gap={6} mt="sm">
        <Title order={2} size="h5">{item.item_name}</Title>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{formatDollars(item.item_price)}</Text>
          {item.inStock ? <Badge color="teal" variant="light" c="dark.7">In stock</Badge> : <Badge color="red" variant="light" c="dark.7">Out of stock</Badge>}
        </Group>
        {item.inStock ? (
          <Button component="a" href={storeUrl()} target="_blank" rel="noopener noreferrer" leftSection={<IconShoppingCart size={16} />} aria-label={`Buy ${item.item_name}`}>Buy</Button>
        ) : <Button disabled aria-label={`${item.item_name} is out of stock`}>Out of stock</Button>}
      </Stack>
    </Card>
  );
}

/** /widget/store/{schoolId}: the school's chosen products as a public page that any website may frame. */
export default function StoreWidgetPublicPage() {
  const { id = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    fetchPublicStoreWidget(id).then(
      (store) => current && setLoad({ state: 'ready', store }),
      (error: unknown) => current && setLoad({ state: 'error', message: errorMessage(error) }),
    );
    return () => { current = false; };
  }, [id]);

  return (
    <Box py="lg" px="sm" component="main">
      <Container size={960} p={0}>
        <Paper withBorder radius="md" p="lg">
          {load.state === 'loading' ? (
            <Stack gap="md" aria-busy="true" aria-label="Loading the store"><Skeleton h={28} w="60%" /><Skeleton h={200} /></Stack>
          ) : load.state === 'error' ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Not available" role="alert">
              <Text size="sm">{load.message}</Text>
            </Alert>
          ) : (
            <Stack gap="md">
              <Title order={1} size="h3">Store of {load.store.school_name}</Title>
              {load.store.items.length === 0 ? <Text size="sm" c="dimmed">Nothing for sale yet: please check back soon.</Text> : (
                <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
                  {load.store.items.map((item) => <ItemCard key={item._id} item={item} />)}
                </SimpleGrid>
              )}
              <Text size="sm">Buying opens {load.store.school_name}’s Cadenza in a new tab: sign in, and the item is in the Store.</Text>
            </Stack>
          )}
          <Text size="xs" c="dimmed" mt="lg"><IconMusic size={12} aria-hidden /> Powered by Cadenza</Text>
        </Paper>
      </Container>
    </Box>
  );
}
