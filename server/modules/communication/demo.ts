import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { emailMessages, groupEmails, schools, users } from '../../db/schema/index.js';
import { redactLinkTokens } from '../../services/email/redact-link-tokens.js';
import { resolveRecipients } from './group-email/recipients.js';
import { composeGroupEmail } from './group-email/compose-group-email.js';
import { GROUP_EMAIL_KIND } from './group-email/send-mass-email.js';
import { demoLogin, type DemoContext } from '../../db/seed-demo.js';

const BODY = '<p>Hello {first_name},</p><p>Our <strong>spring recital</strong> is on the last Saturday of next month at 3 pm in the main hall. '
  + 'Please bring your piece ready to play from memory, and tell your teacher this week which piece you choose.</p>'
  + '<p>See you there,<br>{school_name}</p>';

/**
 * A group email Riverside's admin sent to all its students three days ago, delivered: the
 * communication log and the Group Email page have something to show. Stored as the outbox keeps
 * a sent email (its unsubscribe links already cut out); the demo has no app URL, and needs none.
 */
export async function seedCommunicationDemo(tx: Tx, now: Date, ctx?: DemoContext): Promise<void> {
  const [admin] = await tx.select({ id: users.id, schoolName: schools.schoolName })
    .from(users).innerJoin(schools, eq(schools.adminId, users.id)).where(and(eq(users.username, demoLogin(ctx, 'admin')), eq(users.role, 'admin')));
  if (!admin) throw new Error('The communication demo needs the demo user admin');
  const audience = { allStudents: true, allParents: false, allTeachers: false, classGroupIds: [], instrumentIds: [], teacherIds: [], userIds: [], activeOnly: true };
  const { recipients } = await resolveRecipients(tx, admin.id, audience);
  const sentAt = new Date(now.getTime() - 3 * 86_400_000);
  const subject = 'Spring recital: save the date';
  const [send] = await tx.insert(groupEmails).values({
    adminId: admin.id, senderId: admin.id, subject, htmlBody: BODY, audience, recipientCount: recipients.length, createdAt: sentAt,
  }).returning({ id: groupEmails.id });
  const link = 'http://localhost:3000/unsubscribe/link-removed-after-sending';
  await tx.insert(emailMessages).values(recipients.map((r) => {
    const email = composeGroupEmail({
      to: r.email, subject, html: BODY, values: { first_name: r.firstName, last_name: r.lastName, school_name: admin.schoolName },
      unsubscribePage: link, unsubscribeApi: link,
    });
    return {
      adminId: admin.id, userId: r.id, kind: GROUP_EMAIL_KIND, groupEmailId: send!.id, toAddress: r.email, subject: email.subject,
      textBody: redactLinkTokens(email.text), htmlBody: redactLinkTokens(email.html), headers: {},
      status: 'sent', attempts: 1, sentAt: new Date(sentAt.getTime() + 60_000), createdAt: sentAt,
    };
  }));
}
