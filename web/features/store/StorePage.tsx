import { Alert, Badge, Button, Card, EmptyState, Group, Select, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconShoppingBag, IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useState } from 'react';
import { formatDollars } from '../../../shared/money';
import { STORE_MESSAGES, type StoreItem, type StoreKind } from '../../../shared/contracts/store';
import { ListFilters, SearchInput } from '../../components/ListFilters';
import { ListPagination } from '../../components/ListPagination';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { useListState, usePagedResults } from '../../lib/useListState';
import { useRequiredSession } from '../../lib/useSession';
import { STORE_PAGE_SIZE, useBrowseCategories, useBrowseList, useStoreSearch } from './api';
import { ItemImage } from './ItemImage';
import { ItemModal } from './ItemModal';
import { StockBadge } from './StockBadge';
import { CartDrawer } from './CartDrawer';
import { useCart } from './orderApi';

const STORE_OPTIONS = [{ value: 'school', label: 'School store' }, { value: 'provider', label: 'Provider store' }];

function ItemCard({ item, onOpen }: { item: StoreItem; onOpen: () => void }) {
  return (
    <Card withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
      <UnstyledButton onClick={onOpen} aria-label={`Open ${item.item_name}`} style={{ display: 'block' }}>
        <ItemImage item={item} height={140} />
        <Stack gap={6} p="sm">
          <Text fw={600} size="sm" lineClamp={2}>{item.item_name}</Text>
          <Group justify="space-between" gap="xs">
            <Text fw={700}>{formatDollars(item.item_price)}</Text>
            <StockBadge item={item} />
          </Group>
          <Text size="xs" c="gray.7">{item.store === 'provider' ? 'Provider store' : 'School store'}{item.select_category ? ` · ${item.select_category.name}` : ''}</Text>
        </Stack>
      </UnstyledButton>
    </Card>
  );
}

/**
 * The store (/store, issue 16): the school's store and the provider's, ten a page, by category
 * and store; a name search (/store/search) shows the first ten matches of both. Buying comes with
 * the cart.
 */
export default function StorePage() {
  const { user } = useRequiredSession();
  const { page, setPage, search, setSearch, debouncedSearch, filterSetter } = useListState();
  const [category, setCategory] = useState<string | null>(null);
  const [store, setStore] = useState<StoreKind | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  // Everyone who browses buys, but the provider (decision 046).
  const { opensStore: storeOpen, buysInStore: canBuy, schoolOffice, reach } = user.permissions;
  const [cartOpen, setCartOpen] = useState(false);
  const cart = useCart(canBuy);
  const categories = useBrowseCategories();
  const list = useBrowseList({ page, category, store });
  const searching = debouncedSearch !== '';
  const found = useStoreSearch(debouncedSearch);
  const { results, totalPages } = usePagedResults(list.data, STORE_PAGE_SIZE, page, setPage);
  const shown = searching ? found.data?.results ?? [] : results;
  const query = searching ? found : list;
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c._id, label: c.store === 'provider' ? `${c.name} (provider)` : c.name }));

  if (!storeOpen) {
    return (
      <Stack gap="lg">
        <PageHeader title="Store" />
        <Alert color="gray" variant="light" title="No store yet">{STORE_MESSAGES.storeOff}.</Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader title="Store" subtitle="Books, accessories and instruments from your school and from the provider." actions={(
        <Group gap="xs" wrap="wrap" maw="100%">
          {!schoolOffice && <Button size="sm" variant="default" component={Link} to="/stores/order-listing/1">My orders</Button>}
          {canBuy && (
            <Button size="sm" leftSection={<IconShoppingCart size={16} />} onClick={() => setCartOpen(true)} aria-label={`Cart, ${cart.data?.count ?? 0} items`}>
              Cart{cart.data && cart.data.count > 0 ? ` (${cart.data.count})` : ''}
            </Button>
          )}
        </Group>
      )} />
      <ListFilters filtered={searching || category !== null || store !== null} onClear={() => { setSearch(''); setCategory(null); setStore(null); }}>
        <SearchInput label="Search" placeholder="Item name" value={search} onChange={setSearch} w={{ base: '100%', sm: 260 }} />
        {!searching && (
          <>
            <Select label="Category" placeholder="All categories" clearable data={categoryOptions} value={category} onChange={filterSetter(setCategory)} w={{ base: '100%', sm: 220 }} />
            {reach !== 'provider' && (
              <Select label="Store" placeholder="Both stores" clearable data={STORE_OPTIONS} value={store} onChange={filterSetter((v: string | null) => setStore(v as StoreKind | null))} w={{ base: '100%', sm: 180 }} />
            )}
          </>
        )}
      </ListFilters>
      {searching && found.data && (
        <Text size="sm" c="gray.7" aria-live="polite">
          {found.data.totalCount === 0 ? 'No items match.' : found.data.totalCount > shown.length ? `The first ${shown.length} of ${found.data.totalCount} items` : `${found.data.totalCount} ${found.data.totalCount === 1 ? 'item' : 'items'} found`}
          {found.data.totalCount > 0 && <Badge ml="xs" variant="light" size="sm">{debouncedSearch}</Badge>}
        </Text>
      )}
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} title="Could not load the store" />
      ) : query.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} aria-busy="true" aria-label="Loading the store">
          {Array.from({ length: 4 }, (_, i) => <Skeleton key={i} h={240} radius="md" />)}
        </SimpleGrid>
      ) : shown.length === 0 ? (
        <EmptyState icon={<IconShoppingBag size={28} />} title={searching || category || store ? 'No items match' : 'The store is empty for now'}
          description={searching || category || store ? 'Try another name or category, or clear the filters.' : 'Check back soon.'} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} aria-label="Store items" component="section">
          {shown.map((item) => <ItemCard key={item._id} item={item} onOpen={() => setOpened(item._id)} />)}
        </SimpleGrid>
      )}
      {!searching && <ListPagination page={page} totalPages={totalPages} onChange={setPage} />}
      <ItemModal itemId={opened} onClose={() => setOpened(null)} canBuy={canBuy} />
      {canBuy && <CartDrawer opened={cartOpen} onClose={() => setCartOpen(false)} />}
    </Stack>
  );
}
