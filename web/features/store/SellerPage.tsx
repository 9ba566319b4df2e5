import { Button, EmptyState, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconBuildingStore, IconList, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { Seller } from '../../../shared/contracts/store';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ListCard, ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions';
import { useConfirmedDelete } from '../../lib/useConfirmedDelete';
import { usePagedResults } from '../../lib/useListState';
import { STORE_PAGE_SIZE, useDeleteSeller, useSellers } from './api';
import { SellerFormModal, type SellerEditing } from './SellerFormModal';

/** Seller (/stores/seller, the superadmin's): whose goods the provider's store sells. */
export default function SellerPage() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<SellerEditing>(null);
  const list = useSellers({ page });
  const remove = useDeleteSeller();
  const { deleting, setDeleting, dialog } = useConfirmedDelete<Seller>(remove);
  const { results, totalPages } = usePagedResults(list.data, STORE_PAGE_SIZE, page, setPage);

  return (
    <Stack gap="lg">
      <PageHeader title="Seller" subtitle="The sellers whose goods the provider’s store sells."
        actions={
          <Group gap="sm">
            {/* The provider's items are in no menu of docs/domains/store.md "Screens and routes" (only in the route table): reached from here. */}
            <Button component={Link} to="/stores/product-listing" variant="default" leftSection={<IconList size={16} />}>Provider items</Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'add' })}>Add seller</Button>
          </Group>
        } />
      <ListCard>
        <ListTable
          query={list}
          rowCount={results.length}
          columns={['Name', 'Address', 'State', 'Postal Code', 'Cell Phone', 'Items', 'Actions']}
          errorTitle="Could not load the sellers"
          empty={<EmptyState icon={<IconBuildingStore size={28} />} title="No sellers yet" description="Add a seller, then assign the provider’s items to them." />}
          minWidth={820}
          label="Sellers"
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((s) => (
            <Table.Tr key={s._id}>
              <Table.Td><Text size="sm" fw={500}>{s.first_name} {s.last_name}</Text></Table.Td>
              <Table.Td><Text size="sm">{s.address}</Text></Table.Td>
              <Table.Td><Text size="sm">{s.state}</Text></Table.Td>
              <Table.Td><Text size="sm">{s.postal_code}</Text></Table.Td>
              <Table.Td><Text size="sm">{s.cell_phone}</Text></Table.Td>
              <Table.Td><Text size="sm">{s.productCount}</Text></Table.Td>
              <Table.Td>
                <RowActions>
                  <EditAction name={`${s.first_name} ${s.last_name}`} onClick={() => setEditing({ mode: 'edit', seller: s })} />
                  <DeleteAction name={`${s.first_name} ${s.last_name}`} onClick={() => setDeleting(s)} />
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>
      <SellerFormModal editing={editing} onClose={() => setEditing(null)} />
      <ConfirmModal {...dialog} title="Delete seller">
        {deleting ? `Delete ${deleting.first_name} ${deleting.last_name}? Their items stay in the store, with no seller.` : ''}
      </ConfirmModal>
    </Stack>
  );
}
