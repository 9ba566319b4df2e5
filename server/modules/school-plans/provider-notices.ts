import type { Tx } from '../../db/client.js';
import type { OutgoingEmail } from '../../services/email/mailer.js';
import { notifyPeople, providerIds, type NoticeGroup, type NotificationKind } from '../notifications/index.js';

/**
 * Tells the provider (every active superadmin) of an event of a school's plan: in the bell and
 * by email, as each chose for school plans (decisions 076, 083), queued in the caller's
 * transaction, whichever school it sees (the provider is read through app_provider_recipients).
 */
export async function tellProvider(tx: Tx, f: { adminId: string; kind: NotificationKind; link: string; email: Omit<OutgoingEmail, 'to'>; group?: NoticeGroup }): Promise<number> {
  const told = await notifyPeople(tx, {
    adminId: f.adminId, userIds: await providerIds(tx), kind: f.kind, title: f.email.subject, link: f.link, email: f.email,
    ...(f.group ? { group: f.group } : {}),
  });
  return told.length;
}
