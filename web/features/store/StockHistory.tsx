import { EmptyState, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { ListTable } from '../../components/ListTable';
import { fullName } from '../../lib/format';
import { STORE_PAGE_SIZE, useStockHistory } from './api';

/** An item's stock adjustments, newest first, ten a page. */
export function StockHistory({ productId }: { productId: string }) {
  const [page, setPage] = useState(1);
  const history = useStockHistory(productId, page);
  const results = history.data?.results ?? [];
  const totalPages = Math.ceil((history.data?.totalCount ?? 0) / STORE_PAGE_SIZE);
  return (
    <ListTable
      query={history}
      rowCount={results.length}
      columns={['Date', 'Change', 'Stock after', 'Reason', 'By']}
      errorTitle="Could not load the history"
      empty={<EmptyState icon={<IconHistory size={28} />} title="No adjustments yet" />}
      minWidth={560}
      label="Stock history"
      pagination={{ page, totalPages, onChange: setPage }}
    >
      {results.map((h) => (
        <Table.Tr key={h._id}>
          <Table.Td><Text size="sm">{new Date(h.createdAt).toLocaleString()}</Text></Table.Td>
          <Table.Td><Text size="sm" fw={500} c={h.change < 0 ? 'red.9' : 'teal.9'}>{h.change > 0 ? `+${h.change}` : h.change}</Text></Table.Td>
          <Table.Td><Text size="sm">{h.stockAfter}</Text></Table.Td>
          <Table.Td><Text size="sm">{h.reason}</Text></Table.Td>
          <Table.Td><Text size="sm">{h.by ? fullName(h.by) : '—'}</Text></Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
