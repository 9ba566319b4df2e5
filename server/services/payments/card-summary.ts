import { cardBrandOf } from '../../../shared/contracts/billing.js';
import type { CardDetails, CardSummary } from './gateway.js';

/** What may be kept of a card: its brand, last four and expiry. */
export function cardSummaryOf(card: CardDetails): CardSummary {
  return {
    brand: cardBrandOf(card.number) ?? 'Card',
    last4: card.number.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
  };
}
