import { Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './InvoiceLines.module.css';

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
    <table className={classes.table} aria-label={label}>
      <thead>
        <tr>
          <th className={classes.item}>{headings.item}</th>
          {withPrice && <th>Price</th>}
          <th>Qty</th>
          <th>{headings.amount}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key}>
            <td className={classes.item}>{line.item}</td>
            {withPrice && <td className={classes.money}>{line.price}</td>}
            <td>{line.quantity}</td>
            <td className={classes.money}>{line.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
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
