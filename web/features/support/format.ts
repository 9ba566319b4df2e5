import type { SupportStatus } from '../../../shared/contracts/support';

export const STATUS_COLORS: Record<SupportStatus, string> = { open: 'blue', answered: 'teal', closed: 'gray' };

export const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
