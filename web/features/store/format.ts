import { formatMoney } from '../../../shared/money';

/** The answers' dollars (two decimals) as people read them: "$14.50". */
export const formatDollars = (dollars: number) => formatMoney(Math.round(dollars * 100));
