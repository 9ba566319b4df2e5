import { cardBrandOf } from '../../../shared/contracts/billing.js';
import type { CardDetails, CardSummary } from './gateway.js';
import { SANDBOX_TEST_CARDS } from './sandbox-cards.js';

/**
 * What may be kept of a card: its brand, last four and expiry. The test cards' brands come from
 * the published list (JCB's 3088… lies outside the ranges the card rule knows).
 */
export function cardSummaryOf(card: CardDetails): CardSummary {
  return {
    brand: SANDBOX_TEST_CARDS[card.number] ?? cardBrandOf(card.number) ?? 'Card',
    last4: card.number.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
  };
}
