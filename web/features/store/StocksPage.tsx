import { Anchor, Badge, EmptyState, Stack, Switch, Table, Text } from '@mantine/core';
import { IconAdjustments, IconHistory, IconPackage } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LOW_STOCK_AT, type StoreItem } from '../../../shared/contracts/store';
import { AppModal } from '../../components/AppModal';
import { ListFilters, SearchInput } from '../../components/ListFilters';
import { ListCard, ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { RowAction, RowActions } from '../../components/RowActions';
import { useListState, usePagedResults } from '../../lib/useListState';
import { AdjustStockModal } from './AdjustStockModal';
import { STORE_PAGE_SIZE, useStockList } from './api';
import { StockBadge } from './StockBadge';
import { StockHistory } from './StockHistory';

/** Inventory (/stores/stocks, the admin's): stock per item, adjustments with a reason, history, low stock marked. */
export default function StocksPage() {
  const { page, setPage, search, setSearch, debouncedSearch, filterSetter } = useListState();
  const [lowOnly, setLowOnly] = useState(false);
  const [adjusting, setAdjusting] = useState<StoreItem | null>(null);
  const [viewing, setViewing] = useState<StoreItem | null>(null);
  const list = useStockList({ page, search: debouncedSearch, lowOnly });
  const { results, totalPages } = usePagedResults(list.data, STORE_PAGE_SIZE, page, setPage);
  const low = list.data?.lowStockCount ?? 0;
  const filtered = debouncedSearch !== '' || lowOnly;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Inventory"
        subtitle={
          <Text c="dimmed" size="sm">
            Stock per item; every change is kept with its reason. {low > 0 && <Badge color="yellow" variant="light" c="dark.7" ml={4}>{low} low on stock</Badge>}
          </Text>
        }
      />
      <ListCard>
        <ListFilters filtered={filtered} onClear={() => { setSearch(''); setLowOnly(false); }}>
          <SearchInput label="Search" placeholder="Item name" value={search} onChange={setSearch} w={{ base: '100%', sm: 260 }} />
          <Switch label={`Only low stock (${LOW_STOCK_AT} or fewer)`} checked={lowOnly} onChange={(e) => filterSetter(setLowOnly)(e.currentTarget.checked)} mt={{ base: 0, sm: 24 }} />
        </ListFilters>
        <ListTable
          query={list}
          rowCount={results.length}
          columns={['Item', 'Code', 'In stock', 'State', 'Actions']}
          errorTitle="Could not load the inventory"
          empty={<EmptyState icon={<IconPackage size={28} />} title={filtered ? 'No items match' : 'No items yet'}
            description={filtered ? 'Try another name, or clear the filters.' : 'Add items in Product Listing; their stock shows here.'} />}
          minWidth={640}
          label="Inventory"
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((item) => (
            <Table.Tr key={item._id}>
              <Table.Td><Anchor component={Link} to={`/stores/product-details/${item._id}`} size="sm" fw={500}>{item.item_name}</Anchor></Table.Td>
              <Table.Td><Text size="sm">{item.item_code ?? '—'}</Text></Table.Td>
              <Table.Td><Text size="sm" fw={500}>{item.quantity}</Text></Table.Td>
              <Table.Td><StockBadge item={item} /></Table.Td>
              <Table.Td>
                <RowActions>
                  <RowAction label="Adjust stock" ariaLabel={`Adjust stock of ${item.item_name}`} icon={<IconAdjustments size={18} />} onClick={() => setAdjusting(item)} />
                  <RowAction label="History" ariaLabel={`Stock history of ${item.item_name}`} icon={<IconHistory size={18} />} onClick={() => setViewing(item)} />
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>
      <AdjustStockModal item={adjusting} onClose={() => setAdjusting(null)} />
      <AppModal opened={viewing !== null} onClose={() => setViewing(null)} title={viewing ? `Stock history: ${viewing.item_name}` : 'Stock history'} size="xl">
        {viewing && <StockHistory productId={viewing._id} />}
      </AppModal>
    </Stack>
  );
}
