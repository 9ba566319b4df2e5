import { Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ListCard, ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { usePagedResults } from '../../lib/useListState';
import { PAYROLL_PAGE_SIZE, usePayrolls } from './api';
import { GeneratePayrollForm } from './GeneratePayrollForm';
import { periodLabel } from './money';
import { PayrollDetailCard } from './PayrollDetailCard';
import { PayrollSettingsCard } from './PayrollSettingsCard';
import { formatDollars } from '../../../shared/money';

/** /reporting/payrolls: what counts, generate, the generated payrolls, one payroll's figures. */
export default function PayrollPage() {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = usePayrolls(page);
  const { results, totalPages } = usePagedResults(list.data, PAYROLL_PAGE_SIZE, page, setPage);

  return (
    <Stack gap="lg">
      <PageHeader title="Payroll" subtitle="Pay teachers for the lessons they taught, at their pay rates." />
      <PayrollSettingsCard />
      <GeneratePayrollForm onGenerated={setOpenId} />
      {openId && <PayrollDetailCard key={openId} id={openId} onGone={() => setOpenId(null)} />}
      <ListCard>
        <Text fw={600} component="h2" size="lg" m={0}>Generated payrolls</Text>
        <ListTable query={list} rowCount={results.length} minWidth={560} label="Generated payrolls" errorTitle="Could not load the payrolls"
          columns={['Period', 'Teachers', 'Lessons', 'Total', '']}
          empty={<Text size="sm">No generated payrolls. Approved ones are under Approved Payroll.</Text>}
          pagination={{ page, totalPages, onChange: setPage }}>
          {results.map((p) => (
            <Table.Tr key={p._id}>
              <Table.Td>{periodLabel(p.from, p.to)}</Table.Td>
              <Table.Td>{p.teachers}</Table.Td>
              <Table.Td>{p.lessons}</Table.Td>
              <Table.Td>{formatDollars(p.total)}</Table.Td>
              <Table.Td ta="right">
                <Button size="xs" variant="default" onClick={() => setOpenId(p._id)} aria-label={`Open payroll ${periodLabel(p.from, p.to)}`}>Open</Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>
    </Stack>
  );
}
