import { Table, type MantineSpacing } from '@mantine/core';
import { Fragment, isValidElement, type ReactNode } from 'react';
import { cardLayoutOf, columnLabel, type TableColumn } from './tableColumns';
import classes from './ResponsiveTable.module.css';

export type { CardPlace, TableColumn } from './tableColumns';

type Props = {
  columns: readonly TableColumn[];
  /** The table's accessible name, or the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  /** The width below which the table scrolls sideways on a tablet; a phone shows cards instead. */
  minWidth: number;
  /** A table with no link or button in its rows: its scroll area takes focus, so a keyboard can scroll it sideways. */
  keyboardScroll?: boolean;
  busy?: boolean;
  verticalSpacing?: MantineSpacing;
  highlightOnHover?: boolean;
  striped?: boolean;
  /** A height past which the rows scroll under a header that stays. */
  maxHeight?: number;
  /** Rows of a footer (a total). */
  footer?: ReactNode;
  /** The rows: a cell a column, in the columns' order. */
  children: ReactNode;
};

/**
 * Every table of the app: Mantine's table from 769 px, and on a phone each row a card with its
 * title first, the status under it, a "Label  value" line a column and the actions at its foot
 * (docs/decisions/089-lists-as-cards-on-phones.md). Sort buttons in the header stay reachable there.
 */
export function ResponsiveTable({ columns, label, labelledBy, minWidth, keyboardScroll, busy, verticalSpacing = 'sm', highlightOnHover, striped, maxHeight, footer, children }: Props) {
  const layout = cardLayoutOf(columns);
  const scrollRegion = keyboardScroll ? { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${label ?? 'Table'}, scrolls sideways` } } : undefined;
  return (
    <Table.ScrollContainer minWidth={minWidth} maxHeight={maxHeight} className={classes.container} scrollAreaProps={scrollRegion}>
      <Table
        className={classes.table}
        verticalSpacing={verticalSpacing}
        highlightOnHover={highlightOnHover}
        striped={striped}
        stickyHeader={maxHeight !== undefined}
        aria-busy={busy}
        aria-label={label}
        aria-labelledby={labelledBy}
        style={layout.style}
        {...layout.attributes}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) =>
              typeof column !== 'string' && isValidElement(column.header) ? (
                <Fragment key={`${index}-${column.label}`}>{column.header}</Fragment>
              ) : (
                <Table.Th key={`${index}-${columnLabel(column)}`}>{columnLabel(column)}</Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
        {footer && <Table.Tfoot>{footer}</Table.Tfoot>}
      </Table>
    </Table.ScrollContainer>
  );
}
