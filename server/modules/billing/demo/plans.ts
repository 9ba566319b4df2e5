import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { demoLogin, type DemoContext } from '../../../db/seed-demo.js';
import { classGroups, genres, planSubscriptions, recurringInvoices, savedCards, studentPlans, users } from '../../../db/schema/index.js';
import { firstPeriodFrom, type Schedule } from '../../../../shared/contracts/billing-recurring.js';
import { dayOfMonthFor } from '../../../../shared/contracts/student-plans.js';
import { addDays, DEFAULT_SCHOOL_ZONE, todayIn } from '../../../../shared/school-clock.js';

/**
 * The demo's student plans (issue 12): Riverside sells "Piano 30 min weekly" ($120/month, with
 * Sofia Marin) and "Group Theory" ($60/month, its Beginner Piano Group). Lily Chen has had the
 * piano plan for three weeks (Grace Chen asked, the admin approved: its recurring invoice bills
 * the next month after today, so the job issues nothing the moment the demo starts); Owen Chen's
 * request for Group Theory waits for approval.
 */
export async function seedPlansDemo(tx: Tx, now: Date, ctx?: DemoContext): Promise<void> {
  const people = await tx.select({ id: users.id, username: users.username, adminId: users.adminId }).from(users)
    .where(inArray(users.username, ['admin', 'teacher', 'student', 'owenchen', 'parent'].map((u) => demoLogin(ctx, u))));
  const id = (username: string) => {
    const found = people.find((p) => p.username === demoLogin(ctx, username));
    if (!found) throw new Error(`The plans demo needs the demo user ${username}`);
    return found.id;
  };
  const rma = id('admin');
  const [piano] = await tx.select({ id: genres.id }).from(genres).where(eq(genres.name, 'Piano'));
  const [group] = await tx.select({ id: classGroups.id }).from(classGroups).where(and(eq(classGroups.adminId, rma), eq(classGroups.name, 'Beginner Piano Group')));
  const today = todayIn(DEFAULT_SCHOOL_ZONE, now);
  const created = (days: number) => new Date(now.getTime() - days * 86_400_000);

  const [pianoPlan, theory] = await tx.insert(studentPlans).values([
    {
      adminId: rma, name: 'Piano 30 min weekly', priceCents: 12_000, period: 'monthly', lessonsPerPeriod: 4, lessonMinutes: 30, lessonKind: 'private',
      genreId: piano?.id ?? null, teacherIds: [id('teacher')], description: 'A private 30-minute piano lesson every week.', createdBy: rma, createdAt: created(60),
    },
    {
      adminId: rma, name: 'Group Theory', priceCents: 6_000, period: 'monthly', lessonsPerPeriod: 4, lessonMinutes: 45, lessonKind: 'class_group',
      classGroupId: group?.id ?? null, teacherIds: [id('teacher')], description: 'Reading, rhythm and harmony with the Beginner Piano Group.', createdBy: rma, createdAt: created(59),
    },
  ]).returning();

  // Lily's plan began three weeks ago, on a day of the month that comes round again after today.
  const startsOn = addDays(today, -21);
  const schedule: Schedule = { frequency: 'monthly', dayOfMonth: dayOfMonthFor(startsOn), startsOn };
  const [template] = await tx.insert(recurringInvoices).values({
    adminId: rma, studentId: id('student'), ...schedule, dayOfMonth: schedule.dayOfMonth!, intervalWeeks: null,
    nextIssueOn: firstPeriodFrom(schedule, addDays(today, 1)),
    lines: [{ description: 'Piano 30 min weekly (Monthly)', quantity: 1, unitPriceCents: 12_000 }],
    note: 'Plan: Piano 30 min weekly', dueDays: 0, autoSend: true, active: true, createdBy: rma, createdAt: created(21),
  }).returning();
  const [card] = await tx.select({ id: savedCards.id }).from(savedCards).where(and(eq(savedCards.ownerId, id('parent')), eq(savedCards.isDefault, true)));
  await tx.insert(planSubscriptions).values([
    {
      adminId: rma, planId: pianoPlan!.id, studentId: id('student'), requestedBy: id('parent'), cardId: card?.id ?? null, status: 'active',
      recurringInvoiceId: template!.id, startsOn, approvedBy: rma, approvedAt: created(21), createdAt: created(22),
    },
    { adminId: rma, planId: theory!.id, studentId: id('owenchen'), requestedBy: id('parent'), cardId: card?.id ?? null, status: 'waiting', createdAt: created(1) },
  ]);
}
