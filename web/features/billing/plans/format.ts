import type { PlanItem } from '../../../../shared/contracts/student-plans';
import { formatDollars } from '../../../../shared/money';

/** "$120.00", or "Free" for a plan priced 0 (spec section 9). */
export const priceLabel = (p: Pick<PlanItem, 'price' | 'isFree'>) => (p.isFree ? 'Free' : formatDollars(p.price));
