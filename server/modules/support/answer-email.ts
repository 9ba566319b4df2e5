import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { emailLayout } from '../../services/email/layout.js';
import { queueEmail } from '../../services/email/queue-email.js';
import { SUPPORT_PATH } from '../../../shared/contracts/support.js';

type Answered = { id: string; adminId: string; senderId: string; subject: string; answer: string; closed: boolean };

/** The sender's copy of the provider's answer, queued in the answer's transaction (sent once it commits). */
export async function queueSupportAnswerEmail(tx: Tx, r: Answered, appUrl: string): Promise<void> {
  const [sender] = await tx.select({ email: users.email, first: users.firstName }).from(users).where(eq(users.id, r.senderId));
  if (!sender?.email) return;
  const lines = [
    `The Cadenza team answered your request "${r.subject}":`,
    ...r.answer.split(/\r?\n/).filter((line) => line.trim() !== ''),
    ...(r.closed ? ['We have closed this request. Send a new one any time from Contact for More Features.'] : []),
  ];
  await queueEmail(tx, {
    kind: 'support-answer',
    adminId: r.adminId,
    userId: r.senderId,
    to: sender.email,
    subject: `Re: ${r.subject}`,
    ...emailLayout(`Hello ${sender.first},`, lines, { label: 'See your requests', url: `${appUrl}${SUPPORT_PATH}` }, 'You receive this email because you wrote to Cadenza from Contact for More Features.'),
  });
}
