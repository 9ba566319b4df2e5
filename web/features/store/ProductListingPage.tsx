import { Anchor, Badge, Box, Button, EmptyState, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconBuildingStore, IconCategory, IconPercentage, IconPlus, IconShoppingBag } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '../../../shared/money';
import { STORE_ROUTES, type StoreItem } from '../../../shared/contracts/store';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ListFilters, SearchInput } from '../../components/ListFilters';
import { ListCard, ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions';
import { useConfirmedDelete } from '../../lib/useConfirmedDelete';
import { useListState, usePagedResults } from '../../lib/useListState';
import { useRequiredSession } from '../../lib/useSession';
import { STORE_PAGE_SIZE, useCategories, useManagedList, useRemoveItem } from './api';
import { CategoriesModal } from './CategoriesModal';
import { ItemImage } from './ItemImage';
import { ProductFormModal, type ItemEditing } from './ProductFormModal';
import { StockBadge } from './StockBadge';
import { matchRoute } from '../../../shared/routes';
import { mayCall } from '../../../shared/permissions';
import { ORDER_ROUTES } from '../../../shared/contracts/store-orders';
import { TaxRateModal } from './TaxRateModal';

/**
 * Product Listing (/stores/product-listing, issue 16): the items of the store one keeps (the
 * school's, or the provider's for the superadmin), ten a page, by name and category; a teacher
 * reads their school's without changing it (decision 090).
 */
export default function ProductListingPage() {
  const { user } = useRequiredSession();
  const provider = user.permissions.reach === 'provider';
  const { page, setPage, search, setSearch, debouncedSearch, filterSetter } = useListState();
  const [category, setCategory] = useState<string | null>(null);
  const [editing, setEditing] = useState<ItemEditing>(null);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [taxOpen, setTaxOpen] = useState(false);
  // The store's owner sets its tax rate (decision 074).
  const setsTax = mayCall(ORDER_ROUTES.setTaxRate, user);
  // A teacher reads the school's items and changes none (decision 090): no button the server would refuse.
  const keeps = mayCall(STORE_ROUTES.add, user);
  const categories = useCategories();
  const list = useManagedList({ page, search: debouncedSearch, category });
  const remove = useRemoveItem();
  const { deleting, setDeleting, dialog } = useConfirmedDelete<StoreItem>(remove);
  const { results, totalPages } = usePagedResults(list.data, STORE_PAGE_SIZE, page, setPage);
  const filtered = debouncedSearch !== '' || category !== null;
  const details = !provider;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Product Listing"
        subtitle={provider ? 'The provider’s store: items every school’s store shows, with their sellers.' : keeps ? 'The items of your school’s store.' : 'The items of your school’s store, as its office keeps them.'}
        actions={
          <Group gap="sm">
            {/* Store Builder is in no menu of docs/domains/store.md "Screens and routes": the admin reaches it from the store's own page. */}
            {matchRoute(user.role, '/studentbilling/storebuilder') !== undefined && <Button component={Link} to="/studentbilling/storebuilder" variant="default" leftSection={<IconBuildingStore size={16} />}>Store Builder</Button>}
            {keeps && <Button variant="default" leftSection={<IconCategory size={16} />} onClick={() => setCategoriesOpen(true)}>Categories</Button>}
            {setsTax && <Button variant="default" leftSection={<IconPercentage size={16} />} onClick={() => setTaxOpen(true)}>Sales tax</Button>}
            {keeps && <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'add' })}>Add item</Button>}
          </Group>
        }
      />
      <ListCard>
        <ListFilters filtered={filtered} onClear={() => { setSearch(''); setCategory(null); }}>
          <SearchInput label="Search" placeholder="Item name" value={search} onChange={setSearch} w={{ base: '100%', sm: 260 }} />
          <Select label="Category" placeholder="All categories" clearable data={(categories.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
            value={category} onChange={filterSetter(setCategory)} w={{ base: '100%', sm: 220 }} />
        </ListFilters>
        <ListTable
          query={list}
          rowCount={results.length}
          columns={['Item', 'Code', 'Category', 'Price', 'Shipping', 'Tax', 'Stock', ...(keeps ? ['Actions'] : [])]}
          errorTitle="Could not load the items"
          empty={<EmptyState icon={<IconShoppingBag size={28} />} title={filtered ? 'No items match your search' : 'No items yet'}
            description={filtered ? 'Try another name or category, or clear the filters.' : keeps ? 'Add the books, accessories and instruments you sell.' : 'The items your school sells appear here.'} />}
          minWidth={900}
          label="Store items"
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((item) => (
            <Table.Tr key={item._id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Box w={48} style={{ flexShrink: 0, borderRadius: 4, overflow: 'hidden' }}><ItemImage item={item} height={40} /></Box>
                  <Stack gap={0}>
                    {details ? <Anchor component={Link} to={`/stores/product-details/${item._id}`} size="sm" fw={500}>{item.item_name}</Anchor> : <Text size="sm" fw={500}>{item.item_name}</Text>}
                    {item.seller && <Text size="xs" c="gray.7">Seller: {item.seller.first_name} {item.seller.last_name}</Text>}
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td><Text size="sm">{item.item_code ?? '—'}</Text></Table.Td>
              <Table.Td><Text size="sm">{item.select_category?.name ?? '—'}</Text></Table.Td>
              <Table.Td><Text size="sm">{formatDollars(item.item_price)}</Text></Table.Td>
              <Table.Td><Text size="sm">{item.shipping_cost === null ? '—' : formatDollars(item.shipping_cost)}</Text></Table.Td>
              <Table.Td>{item.tax_applicable ? <Badge variant="light" size="sm">Taxed</Badge> : <Text size="sm" c="gray.7">No</Text>}</Table.Td>
              <Table.Td><StockBadge item={item} showCount /></Table.Td>
              {keeps && (
                <Table.Td>
                  <RowActions>
                    <EditAction name={item.item_name} onClick={() => setEditing({ mode: 'edit', item })} />
                    <DeleteAction name={item.item_name} onClick={() => setDeleting(item)} />
                  </RowActions>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>
      {keeps && <ProductFormModal editing={editing} provider={provider} onClose={() => setEditing(null)} />}
      {keeps && <CategoriesModal opened={categoriesOpen} onClose={() => setCategoriesOpen(false)} />}
      <TaxRateModal opened={taxOpen} onClose={() => setTaxOpen(false)} />
      <ConfirmModal {...dialog} title="Delete item">
        {deleting ? `Delete ${deleting.item_name}? Its stock history goes with it. This cannot be undone.` : ''}
      </ConfirmModal>
    </Stack>
  );
}
