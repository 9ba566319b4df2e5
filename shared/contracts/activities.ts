import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';
import { defineRoute, listResultOf } from './route.js';

/**
 * The things a school can account for on its Recent activities page, and how each reads.
 * A service records one with `recordActivity` (server/lib/activity.ts) in the same
 * transaction as the change itself.
 */
export const ACTIVITY_LABELS = {
  'loginas.start': 'signed in as',
  'loginas.end': 'stopped acting as',
  'member.added': 'added',
  'member.updated': 'updated',
  'member.activated': 'activated',
  'member.deactivated': 'deactivated',
  'member.removed': 'removed',
  'member.imported': 'imported students from a CSV file',
  'class.added': 'added the class/group',
  'class.updated': 'updated the class/group',
  'class.removed': 'removed the class/group',
  'family.added': 'added the family',
  'family.updated': 'updated the family',
  'family.removed': 'removed the family',
  'signup.received': 'signed up through the student signup widget',
  'signup.approved': 'approved the signup of',
  'signup.declined': 'declined the signup of',
  'merchant.saved': 'saved the merchant information',
  'lesson.added': 'added the lesson',
  'lesson.changed': 'changed the lesson',
  'lesson.cancelled': 'cancelled the lesson',
  'lesson.restored': 'restored the lesson',
  'lesson.deleted': 'deleted the lesson',
  'lesson.imported': 'imported lessons from a CSV file',
  'makeup.booked': 'booked the make-up lesson',
  'attendance.taken': 'took attendance of the lesson',
  'invoice.created': 'created the invoice',
  'invoice.sent': 'sent the invoice',
  'invoice.voided': 'voided the invoice',
  'invoice.payment_recorded': 'recorded a payment on the invoice',
  'card.saved': 'saved the card',
  'card.removed': 'removed the card',
  'card.made_default': 'made the default card',
  'autopay.on': 'turned on autopay for',
  'autopay.off': 'turned off autopay for',
  'payment.received': 'paid',
  'payment.declined': 'had a card declined paying',
  'payment.refunded': 'refunded',
  'billing.settingsSaved': 'saved the billing settings',
  'recurring.added': 'added a recurring invoice for',
  'recurring.updated': 'changed the recurring invoice of',
  'recurring.paused': 'paused the recurring invoice of',
  'recurring.resumed': 'resumed the recurring invoice of',
  'recurring.removed': 'deleted the recurring invoice of',
  'plan.added': 'added the plan',
  'plan.updated': 'updated the plan',
  'plan.removed': 'deleted the plan',
  'plan.retired': 'retired the plan',
  'plan.requested': 'asked for a plan for',
  'plan.approved': 'approved the plan of',
  'plan.declined': 'declined the plan request of',
  'plan.cancelled': 'cancelled the plan of',
  'payroll.generated': 'generated the payroll',
  'payroll.approved': 'approved the payroll',
  'payroll.deleted': 'deleted the payroll',
  'schoolPlan.ended': 'ended the Cadenza plan of',
  'schoolPlan.extended': 'extended the Cadenza plan of',
} as const;
export type ActivityAction = keyof typeof ACTIVITY_LABELS;
/** Login-as lines: the list can leave them out (`hideLoginAs`). */
export const LOGIN_AS_ACTIONS = ['loginas.start', 'loginas.end'] as const satisfies readonly ActivityAction[];

export const activityListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.reports),
  /** Leave out the login-as lines (who acted as whom). */
  hideLoginAs: z.boolean().default(false),
});

export const activityItem = z.object({
  _id: z.string(),
  action: z.string(),
  /** The sentence to show: "Eleanor Whitfield added Lily Chen (student)". */
  text: z.string(),
  actor: z.object({ _id: z.string(), first_name: z.string(), last_name: z.string(), role: z.string() }).nullable(),
  target: z.object({ _id: z.string(), first_name: z.string(), last_name: z.string(), role: z.string() }).nullable(),
  createdAt: z.string(),
  /** The school's zone: the web shows createdAt in it. */
  timeZone: z.string(),
});
export type ActivityItem = z.infer<typeof activityItem>;

export const ACTIVITY_ROUTES = {
  /** Any signed-in person calls it; the members policy (kind 'activity') decides whose lines they read. */
  list: defineRoute({
    method: 'POST', path: '/recentActivities/viewAllActivities', body: activityListBody, response: listResultOf(activityItem),
    meta: { roles: 'signedIn', tags: ['activities'], lapsedSchool: 'open' },
  }),
};
