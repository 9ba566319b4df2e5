import type { CommunicationStatus } from '../../../shared/contracts/communication';

export const STATUS_COLORS: Record<CommunicationStatus, string> = { queued: 'blue', sent: 'teal', failed: 'red' };

export const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
