import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { schools, users } from '../../db/schema/index.js';
import { queueEmail } from '../../services/email/queue-email.js';
import { formatMoney } from '../../../shared/money.js';
import { todayIn } from '../../../shared/school-clock.js';
import { queueVerificationEmail } from '../auth/index.js';
import type { ChargeRow } from './period-charge.js';
import { newSchoolProviderEmail, welcomeEmail } from './plan-emails.js';
import { tellProvider } from './provider-notices.js';

type Owner = { firstName: string; lastName: string; username: string; email: string };
export type NewSchool = {
  id: string; owner: Owner; schoolName: string; timeZone: string; planName: string; addrole: string; charge: ChargeRow | null; now: Date;
};

/**
 * A new school's first day (docs/decisions/076-school-signup-and-first-day.md): the welcome with
 * the first charge's receipt, the verification email and the provider's notice, queued in the
 * caller's transaction (every school's scope: the provider's rows) and sent once it commits.
 * At registration when the charge answers at once; from the reconcile job when its answer came
 * late (docs/decisions/080-a-school-changes-its-time-zone.md).
 */
export async function welcomeNewSchool(tx: Tx, appUrl: string, w: NewSchool) {
  const { owner, charge } = w;
  const receipt = charge ? {
    planName: charge.planName, amountCents: charge.amountCents, currency: charge.currency, periodStartsOn: charge.periodStartsOn,
    periodEndsOn: charge.periodEndsOn, cardBrand: charge.cardBrand, cardLast4: charge.cardLast4, transactionId: charge.gatewayTransactionId,
    paidOn: todayIn(w.timeZone, w.now),
  } : null;
  const welcome = welcomeEmail({ firstName: owner.firstName, schoolName: w.schoolName, username: owner.username, planName: w.planName, receipt, url: `${appUrl}/dashboard` });
  await queueEmail(tx, { ...welcome, to: owner.email, kind: 'school-welcome', adminId: w.id, userId: w.id });
  await queueVerificationEmail(tx, appUrl, { id: w.id, adminId: w.id, firstName: owner.firstName, email: owner.email });
  const details = w.addrole === 'Private teacher' ? '/superadmin/view-teacher-details' : '/superadmin/view-school-details';
  await tellProvider(tx, {
    adminId: w.id, kind: 'school-registered', link: `${details}/${w.id}`,
    email: newSchoolProviderEmail({
      schoolName: w.schoolName, ownerName: `${owner.firstName} ${owner.lastName}`, ownerEmail: owner.email, planName: w.planName,
      paid: receipt ? `paid ${formatMoney(receipt.amountCents, receipt.currency)} by card` : 'free', url: `${appUrl}${details}/${w.id}`,
    }),
  });
}

/** The same for a self-registered school whose first charge the reconcile job found paid: its facts from its rows. */
export async function welcomeSettledSchool(tx: Tx, appUrl: string, charge: ChargeRow, now: Date) {
  const [row] = await tx.select({ owner: users, school: schools }).from(users).innerJoin(schools, eq(schools.adminId, users.id))
    .where(eq(users.id, charge.adminId)).limit(1);
  const email = row?.owner.email;
  if (!row || !email) return;
  const { owner, school } = row;
  await welcomeNewSchool(tx, appUrl, {
    id: owner.id, owner: { firstName: owner.firstName, lastName: owner.lastName, username: owner.username, email },
    schoolName: school.schoolName, timeZone: school.timeZone, planName: charge.planName, addrole: owner.addrole ?? 'School', charge, now,
  });
}
