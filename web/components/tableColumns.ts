import type { CSSProperties, ReactElement } from 'react';

/**
 * Where a column's cell goes in a row's card on a phone (docs/decisions/089-lists-as-cards-on-phones.md):
 * `title` leads the card in bold, `status` comes right under it, `actions` sits at the card's
 * foot, and a `line` is a "Label  value" line between them, in the columns' order.
 */
export type CardPlace = 'title' | 'status' | 'actions' | 'line';

/**
 * A column of a table: its label alone, or the label with a header cell of its own (a sort
 * button) and, where the label does not tell it, its place in a card.
 */
export type TableColumn = string | { label: string; header?: ReactElement; place?: CardPlace };

/** The most columns the card rule's stylesheet knows by position (ResponsiveTable.module.css). */
export const MAX_CARD_COLUMNS = 16;
/** A card's title may be any of the first few columns (a date or a number leads some tables). */
export const MAX_TITLE_COLUMN = 4;

const ACTIONS_LABELS = new Set(['', 'action', 'actions']);
const STATUS_LABELS = new Set(['status', 'state']);

export const columnLabel = (column: TableColumn): string => (typeof column === 'string' ? column : column.label);

/**
 * Each column's place: the one it names, else the first column is the title, a last column
 * labelled "Actions" (or left blank) the actions, and the first "Status" or "State" the status.
 */
export function cardPlaces(columns: readonly TableColumn[]): CardPlace[] {
  const named = columns.map((column) => (typeof column === 'string' ? undefined : column.place));
  const hasTitle = named.includes('title');
  let hasStatus = named.includes('status');
  return columns.map((column, index) => {
    const place = named[index];
    if (place) return place;
    const label = columnLabel(column).trim().toLowerCase();
    if (index === 0 && !hasTitle) return 'title';
    if (index === columns.length - 1 && ACTIONS_LABELS.has(label)) return 'actions';
    if (!hasStatus && STATUS_LABELS.has(label)) {
      hasStatus = true;
      return 'status';
    }
    return 'line';
  });
}

/** A label as a CSS string, for `content:` (labels are ours, but a quote or a backslash must not end it). */
export function cssString(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ')}"`;
}

type CardLayout = {
  /** The table's custom properties: each labelled cell's label, by position. */
  style: CSSProperties;
  /** The table's data attributes: which position is the title, the status and the actions. */
  attributes: Record<`data-card-${'title' | 'status' | 'actions'}`, number | undefined>;
};

/**
 * What the table tells its stylesheet so that, on a phone, each row reads as a card: a label
 * for each line and for the status (`--card-label-N`), and the positions (1-based, as
 * `:nth-child`) of the title, the status and the actions. Only the positions the stylesheet
 * knows are named; a column past them is a plain line.
 */
export function cardLayoutOf(columns: readonly TableColumn[]): CardLayout {
  const places = cardPlaces(columns);
  const style: Record<string, string> = {};
  const position = (place: CardPlace, max: number) => {
    const index = places.indexOf(place);
    return index >= 0 && index < max ? index + 1 : undefined;
  };
  places.forEach((place, index) => {
    const label = columnLabel(columns[index]!).trim();
    if ((place === 'line' || place === 'status') && label !== '' && index < MAX_CARD_COLUMNS) {
      style[`--card-label-${index + 1}`] = cssString(label);
    }
  });
  return {
    style: style as CSSProperties,
    attributes: {
      'data-card-title': position('title', MAX_TITLE_COLUMN),
      'data-card-status': position('status', MAX_CARD_COLUMNS),
      'data-card-actions': position('actions', MAX_CARD_COLUMNS),
    },
  };
}
