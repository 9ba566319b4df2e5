import type { Tx } from '../../../db/client.js';
import { addStudentToClassGroup } from '../../classes/index.js';
import { dayOfMonthFor, TERM_WEEKS, PLAN_PERIOD_LABELS, type PlanPeriod } from '../../../../shared/contracts/student-plans.js';
import { enableAutopayFor } from '../family/autopay.js';
import { startRecurring } from '../recurring/recurring-service.js';
import type { PlanRow, SubscriptionRow } from './plan-presenter.js';

/**
 * What approval starts: the plan's price billed by a recurring invoice (monthly on today's day,
 * every 13 weeks for a term, once for a one-time plan), due the day each period starts, and
 * autopay on when the payer picked a card. A free plan bills nothing. A group plan puts the
 * student in its class/group. Answers the recurring template's id (null for a free plan).
 */
export async function startSubscription(tx: Tx, sub: SubscriptionRow, plan: PlanRow, today: string, approverId: string): Promise<string | null> {
  if (plan.classGroupId) {
    await addStudentToClassGroup(tx, plan.adminId, plan.classGroupId, sub.studentId);
  }
  if (plan.priceCents === 0) return null;
  const period = plan.period as PlanPeriod;
  const template = await startRecurring(tx, {
    adminId: plan.adminId,
    studentId: sub.studentId,
    lines: [{ description: `${plan.name} (${PLAN_PERIOD_LABELS[period]})`, quantity: 1, unitPriceCents: plan.priceCents }],
    note: `Plan: ${plan.name}`,
    createdBy: approverId,
    frequency: period === 'monthly' ? 'monthly' : 'weekly',
    dayOfMonth: period === 'monthly' ? dayOfMonthFor(today) : null,
    intervalWeeks: period === 'term' ? TERM_WEEKS : period === 'once' ? 1 : null,
    startsOn: today,
    endsOn: period === 'once' ? today : null,
  });
  if (sub.cardId) await enableAutopayFor(tx, { studentId: sub.studentId, adminId: plan.adminId, payerId: sub.requestedBy });
  return template.id;
}
