import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { billingSettings, schools, studentPlans, users } from '../../../db/schema/index.js';
import { emailLayout } from '../../../services/email/layout.js';
import { queueEmail } from '../../../services/email/queue-email.js';
import { formatMoney } from '../../../../shared/money.js';
import { PLAN_PERIOD_LABELS, type PlanPeriod } from '../../../../shared/contracts/student-plans.js';
import { paymentBillingUrl } from '../family/family-context.js';
import type { SubscriptionRow } from './plan-presenter.js';
import { atLocal } from '../../../../shared/school-clock.js';
import { schoolZoneSql } from '../../../lib/school-clock.js';
import { notifyEach, type PersonalNotification } from '../../notifications/index.js';

/** What changed for a plan request: the family hears of every answer, the school of every request and cancel. */
export type PlanChange =
  | { kind: 'requested' }
  | { kind: 'approved'; card: string | null }
  | { kind: 'declined' }
  | { kind: 'cancelled'; endsOn: string | null };

type Person = { id: string; firstName: string; lastName: string; email: string | null };

const FAMILY_FOOTER = 'You get this email because you or your family asked for a plan at this school.';
const SCHOOL_FOOTER = 'You receive this email because you run this school on Cadenza.';

/** One email to the school's owner, or one to each of the student and whoever asked (once each). */
export async function tellOfPlanChange(tx: Tx, appUrl: string, sub: SubscriptionRow, change: PlanChange): Promise<void> {
  const [facts] = await tx.select({
    schoolName: schools.schoolName, timeZone: schoolZoneSql(), planName: studentPlans.name, priceCents: studentPlans.priceCents,
    period: studentPlans.period, teacherIds: studentPlans.teacherIds, currency: sql<string>`coalesce(${billingSettings.currency}, 'USD')`,
  }).from(studentPlans).innerJoin(schools, eq(schools.adminId, studentPlans.adminId))
    .leftJoin(billingSettings, eq(billingSettings.adminId, studentPlans.adminId)).where(eq(studentPlans.id, sub.planId));
  if (!facts) return;
  const people = await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users).where(inArray(users.id, [sub.studentId, sub.requestedBy, sub.adminId]));
  const find = (id: string) => people.find((p) => p.id === id);
  const student = find(sub.studentId);
  if (!student) return;
  const studentName = `${student.firstName} ${student.lastName}`;
  const price = facts.priceCents === 0 ? 'free' : `${formatMoney(facts.priceCents, facts.currency)}, ${PLAN_PERIOD_LABELS[facts.period as PlanPeriod].toLowerCase()}`;
  const plan = `${facts.planName} (${price})`;

  if (change.kind === 'requested') {
    await tellOfPlanRequest(tx, appUrl, sub, { planName: facts.planName, plan, studentName, teacherIds: facts.teacherIds });
    return;
  }
  if (change.kind === 'cancelled' && change.endsOn) {
    const owner = find(sub.adminId);
    if (!owner?.email) return;
    await queueEmail(tx, {
      kind: 'plan', adminId: sub.adminId, userId: owner.id, to: owner.email, subject: `${facts.planName} cancelled for ${studentName}`,
      ...emailLayout(`Hello ${owner.firstName},`, [`${studentName}'s ${facts.planName} was cancelled. It ends on ${day(change.endsOn, facts.timeZone)}; nothing after that is billed.`],
        { label: 'Open Approve Plan', url: `${appUrl}/studentbilling/approveplan` }, SCHOOL_FOOTER),
    });
  }

  const family = [student, find(sub.requestedBy)].filter((p, i, all): p is Person => !!p?.email && all.findIndex((q) => q?.id === p.id) === i);
  const { subject, lines } = familyWords(change, { plan, planName: facts.planName, studentName, schoolName: facts.schoolName, timeZone: facts.timeZone, free: facts.priceCents === 0 });
  for (const person of family) {
    await queueEmail(tx, {
      kind: 'plan', adminId: sub.adminId, userId: person.id, to: person.email!, subject,
      ...emailLayout(`Hello ${person.firstName},`, lines, { label: 'Open Payment / Billing', url: paymentBillingUrl(appUrl) }, FAMILY_FOOTER),
    });
  }
}

type Words = { plan: string; planName: string; studentName: string; schoolName: string; timeZone: string; free: boolean };

function familyWords(change: Exclude<PlanChange, { kind: 'requested' }>, w: Words): { subject: string; lines: string[] } {
  switch (change.kind) {
    case 'approved':
      return {
        subject: `${w.planName} is approved`,
        lines: [
          `${w.schoolName} approved ${w.plan} for ${w.studentName}.`,
          w.free ? 'It is free: nothing is billed.'
            : change.card ? `Each period is invoiced on its first day, starting today, and paid by autopay with ${change.card}.`
              : 'Each period is invoiced on its first day, starting today; each invoice is emailed with a link to pay it.',
        ],
      };
    case 'declined':
      return {
        subject: `Your request for ${w.planName} was declined`,
        lines: [`${w.schoolName} declined the request for ${w.plan} for ${w.studentName}. Nothing was charged. Please contact the school with any questions.`],
      };
    case 'cancelled':
      return {
        subject: `${w.planName} is cancelled`,
        lines: [change.endsOn
          ? `${w.planName} for ${w.studentName} is cancelled. It runs to the end of the period already billed, ${day(change.endsOn, w.timeZone)}, and nothing after that is billed.`
          : `The request for ${w.planName} for ${w.studentName} is withdrawn. Nothing was charged.`],
      };
  }
}

const day = (isoDate: string, zone: string) => atLocal(isoDate, zone).toFormat('cccc d LLLL yyyy');

/**
 * A plan request (issue 28): the school's admin on Approve Plan, a burst counted as one notice
 * (decision 083); and the plan's teachers, that someone asked for lessons with them. Each in the
 * bell and, as they chose for signups and plan requests, by email. Not the sub-admins: the admin
 * alone approves (policies/student-plans.ts), and Approve Plan is not in a sub-admin's route table,
 * so their link would have sent them away (docs/decisions/091-everyone-told-through-the-routes.md).
 */
async function tellOfPlanRequest(tx: Tx, appUrl: string, sub: SubscriptionRow, f: { planName: string; plan: string; studentName: string; teacherIds: string[] }) {
  const [asker] = await tx.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, sub.requestedBy));
  const who = asker ? `${asker.first} ${asker.last}` : f.studentName;
  const approvers = [sub.adminId];
  const notes: PersonalNotification[] = approvers.map((userId) => ({
    userId, kind: 'plan-request', title: `A plan request is waiting: ${f.planName}`,
    body: `${who} asked for ${f.plan} for ${f.studentName}. It waits for you on Approve Plan.`, link: '/studentbilling/approveplan', email: { appUrl },
    group: { key: 'plan-request', many: (n) => ({ title: `${n} plan requests are waiting`, body: `The latest: ${f.planName} for ${f.studentName}.` }) },
  }));
  for (const userId of f.teacherIds.filter((id) => !approvers.includes(id))) {
    notes.push({ userId, kind: 'plan-request', title: `${who} asked for ${f.planName} with you`, body: `For ${f.studentName}; the school approves it.`, link: null, email: { appUrl } });
  }
  await notifyEach(tx, sub.adminId, notes);
}
