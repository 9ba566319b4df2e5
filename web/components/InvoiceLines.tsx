import { Box, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An invoice's lines and totals, as the family's pay page and the store's printable invoice draw
 * them: one table (long descriptions wrap, amounts never do) and one list of totals under it.
 */
export type InvoiceLine = {
  key: string;
  /** What the line is: a description, or an item with its picture and code. */
  item: ReactNode;
  /** The unit price, for a sheet that shows its own column (the store's); else left out. */
  price?: string;
  quantity: number;
  amount: string;
};

type Headings = { item: string; amount: string };

export function InvoiceLinesTable({ lines, headings = { item: 'Description', amount: 'Amount' }, label = 'Invoice lines' }: {
  lines: InvoiceLine[]; headings?: Headings; label?: string;
}) {
  const withPrice = lines.some((line) => line.price !== undefined);
  return (
    <Table verticalSpacing="xs" horizontalSpacing="xs" w="100%" fz="sm" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th ta="left">{headings.item}</Table.Th>
          {withPrice && <Table.Th ta="right">Price</Table.Th>}
          <Table.Th ta="right">Qty</Table.Th>
          <Table.Th ta="right">{headings.amount}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.key}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.item}</Table.Td>
            {withPrice && <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{line.price}</Table.Td>}
            <Table.Td ta="right">{line.quantity}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{line.amount}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export type InvoiceTotal = { term: string; value: string; strong?: boolean; testId?: string };

/** The totals under the lines, the last strong (Balance due, Grand Total). */
export function InvoiceTotals({ totals, label = 'Totals' }: { totals: InvoiceTotal[]; label?: string }) {
  return (
    <Box role="group" aria-label={label} ml="auto" w={{ base: '100%', xs: 280 }}>
      <Stack gap={4} component="dl" m={0}>
        {totals.map(({ term, value, strong, testId }) => (
          <Group key={term} justify="space-between" wrap="nowrap" fw={strong ? 700 : 400} fz={strong ? 'lg' : 'sm'}>
            <Text component="dt" inherit>{term}</Text>
            <Text component="dd" m={0} inherit data-testid={testId}>{value}</Text>
          </Group>
        ))}
      </Stack>
    </Box>
  );
}
