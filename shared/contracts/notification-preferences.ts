import { z } from 'zod';
import type { Role } from '../roles.js';
import { defineRoute } from './route.js';

/**
 * What a person is told, and how (decision 083): every kind of notification belongs to one of a
 * few categories, and each person chooses per category: in the app (the bell), by email, by push,
 * or none of them. The master switch (notificationOnOff) stays above them all.
 */
export const NOTIFICATION_CATEGORIES = ['schedule', 'payments', 'store', 'signups', 'messages', 'learning', 'school-plan', 'support'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export type Channels = { inApp: boolean; email: boolean; push: boolean };

type CategoryFacts = { label: string; description: string; roles: readonly Role[]; defaults: Channels };

const ALL: readonly Role[] = ['superadmin', 'admin', 'subadmin', 'teacher', 'student', 'parent'];
const SCHOOL: readonly Role[] = ['admin', 'subadmin', 'teacher', 'student', 'parent'];

/** The fixed list a person sees, with the defaults a school would choose: money and schedule changes on every channel it has. */
export const CATEGORY_FACTS: Record<NotificationCategory, CategoryFacts> = {
  schedule: { label: 'Schedule changes', description: 'Lessons cancelled, moved or booked as make-ups, and closures.', roles: SCHOOL, defaults: { inApp: true, email: true, push: true } },
  payments: { label: 'Payments', description: 'Invoices, card payments received, failed autopay and refunds.', roles: ['admin', 'subadmin', 'student', 'parent'], defaults: { inApp: true, email: true, push: true } },
  store: { label: 'Store orders', description: 'Orders placed in the store and changes to your own orders.', roles: ALL, defaults: { inApp: true, email: false, push: false } },
  signups: { label: 'Signups and plan requests', description: 'New students from the signup widget and requests for a lesson plan.', roles: ['admin', 'subadmin', 'teacher'], defaults: { inApp: true, email: true, push: false } },
  messages: { label: 'Messages', description: 'Chat messages and group emails.', roles: ALL, defaults: { inApp: true, email: false, push: true } },
  learning: { label: 'Practice and courses', description: 'Practice assigned and courses approved.', roles: ['admin', 'subadmin', 'teacher', 'student'], defaults: { inApp: true, email: false, push: false } },
  'school-plan': { label: 'School plans', description: 'New schools, plan payments and failed plan payments.', roles: ['superadmin', 'admin'], defaults: { inApp: true, email: true, push: false } },
  support: { label: 'Support requests', description: 'Requests from schools through Contact for More Features.', roles: ['superadmin'], defaults: { inApp: true, email: true, push: false } },
};

/** Every kind of notification the product makes, and its category: a new kind is added here or it does not compile. */
export const NOTIFICATION_KINDS = {
  'lesson-cancelled': 'schedule', 'lesson-moved': 'schedule', 'lesson-rescheduled': 'schedule', 'lesson-makeup': 'schedule',
  'lesson-closure': 'schedule', 'lesson-restored': 'schedule', 'lesson-reopened': 'schedule',
  'teacher-lesson-cancelled': 'schedule', 'teacher-lesson-moved': 'schedule', 'teacher-makeup-booked': 'schedule',
  'teacher-lesson-closure': 'schedule',
  'invoice-sent': 'payments', 'payment-failed': 'payments', 'payment-received': 'payments', 'autopay-failed': 'payments', 'payment-refunded': 'payments',
  'store-order': 'store', 'store-order-placed': 'store',
  'widget-signup': 'signups', 'plan-request': 'signups',
  'chat-message': 'messages', 'group-email': 'messages',
  'practice-assigned': 'learning', 'course-approved': 'learning',
  'school-plan': 'school-plan', 'school-registered': 'school-plan', 'school-plan-payment-failed': 'school-plan', 'school-plan-paid': 'school-plan',
  'support-request': 'support',
} as const satisfies Record<string, NotificationCategory>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

export const categoryOf = (kind: NotificationKind): NotificationCategory => NOTIFICATION_KINDS[kind];

/** The categories a role is offered (a teacher has no payments; only the provider hears of support requests). */
export const categoriesFor = (role: Role | string): NotificationCategory[] =>
  NOTIFICATION_CATEGORIES.filter((c) => (CATEGORY_FACTS[c].roles as readonly string[]).includes(role));

export const NOTIFICATION_PREFERENCE_MESSAGES = {
  saved: 'Notification preferences saved',
  categoryNotOffered: 'That kind of news is not offered to you',
} as const;

export const channelPreference = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES, { error: 'Choose a kind of news' }),
  inApp: z.boolean(),
  email: z.boolean(),
  push: z.boolean(),
});
export type ChannelPreference = z.infer<typeof channelPreference>;

/** The whole list a person saves at once; each category at most once. */
export const setNotificationPreferencesBody = z.object({
  preferences: z.array(channelPreference).min(1).max(NOTIFICATION_CATEGORIES.length)
    .refine((list) => new Set(list.map((p) => p.category)).size === list.length, { message: 'Each kind of news once' }),
});
export type SetNotificationPreferences = z.infer<typeof setNotificationPreferencesBody>;

export const notificationPreferencesAnswer = z.object({ preferences: z.array(channelPreference) });
export type NotificationPreferences = z.infer<typeof notificationPreferencesAnswer>;

/** Everyone signed in reads and sets their own, as the master switch (decision 083). */
const meta = { roles: 'signedIn', tags: ['notifications'], lapsedSchool: 'open' } as const;

export const NOTIFICATION_PREFERENCE_ROUTES = {
  get: defineRoute({ method: 'POST', path: '/notification/getPreferences', response: notificationPreferencesAnswer, meta }),
  set: defineRoute({ method: 'POST', path: '/notification/setPreferences', body: setNotificationPreferencesBody, response: notificationPreferencesAnswer, meta }),
};
