import type { PlanItem } from '../../../../shared/contracts/student-plans';
import { formatDollars } from '../../../../shared/money';

/** "$120.00", or "Free" for a plan priced 0 (docs/domains/plans.md "Limits"). */
export const priceLabel = (p: Pick<PlanItem, 'price' | 'isFree'>) => (p.isFree ? 'Free' : formatDollars(p.price));
