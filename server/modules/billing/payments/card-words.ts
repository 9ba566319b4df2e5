import type { payments } from '../../../db/schema/index.js';

/** A card as people read it: "Visa ending 1111", or "card" when the gateway named none. */
export const cardWords = (row: Pick<typeof payments.$inferSelect, 'cardBrand' | 'cardLast4'>) => (row.cardLast4 ? `${row.cardBrand ?? 'Card'} ending ${row.cardLast4}` : 'card');
