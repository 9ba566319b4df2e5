import type { PaymentReportRow, PaymentReportStatus } from '../../../../shared/contracts/billing-reports';
import { formatDollars } from '../../../../shared/money';

/** One colour a status, the same in the badges and the chart's legend. */
export const PAYMENT_STATUS_COLORS: Record<PaymentReportStatus, string> = {
  succeeded: 'green', pending: 'yellow', declined: 'red', failed: 'red', refunded: 'grape',
};

/** A row's amount with its direction: a refund reads "−$25.00". */
export const signedAmount = (row: Pick<PaymentReportRow, 'amount' | 'kind' | 'currency'>) =>
  row.kind === 'refund' ? `−${formatDollars(row.amount, row.currency)}` : formatDollars(row.amount, row.currency);

/** A Date's calendar day in the reader's zone, as 'YYYY-MM-DD'. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The report's default range: the twelve months up to today, from the first of the month. */
export function defaultRange(now = new Date()): { from: string; to: string } {
  const from = new Date(now.getFullYear(), now.getMonth() - 11, 1);
  return { from: localDay(from), to: localDay(now) };
}

/** A moment's date and time on the school's clock (the report names the zone). */
export function schoolDateTime(iso: string, timeZone: string): { date: string; time: string } {
  const at = new Date(iso);
  try {
    return {
      date: at.toLocaleDateString('en-US', { timeZone, day: 'numeric', month: 'short', year: 'numeric' }),
      time: at.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }),
    };
  } catch {
    // An unknown zone name: the reader's clock is better than nothing.
    return { date: at.toLocaleDateString('en-US'), time: at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }) };
  }
}

/** 'YYYY-MM-DD' as "Mar 4, 2026" (a calendar date: no zone moves it). */
export function calendarDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
}

/** 'YYYY-MM' as a short month and year for the chart's axis. */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number);
  if (!year || !index) return month;
  return new Date(Date.UTC(year, index - 1, 1)).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', year: 'numeric' });
}
