import { z } from 'zod';
import { uuid } from './common.js';
import { defineRoute } from './route.js';

/**
 * A new school's setup checklist (docs/decisions/076-school-signup-and-first-day.md): its first
 * steps, each computed by the server from the school's own data and linked to the page that does
 * it, shown on the admin's dashboard until the school dismisses it.
 *   GET  /api/school/setupChecklist/{adminId}      → SetupChecklist (admin, subadmin of that school)
 *   POST /api/school/setupChecklist/dismiss {adminId} → SetupChecklist (the school's admin)
 */
export const SETUP_STEPS = ['details', 'rooms', 'teachers', 'students', 'merchant', 'firstLesson', 'signupWidget'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** Each step's words and the page that does it. */
export const SETUP_STEP_TEXT: Record<SetupStep, { title: string; hint: string; link: string }> = {
  details: { title: 'School details and time zone', hint: 'Address, phone and the time zone your calendar runs on.', link: '/schedulings?tab=school' },
  rooms: { title: 'Add your rooms', hint: 'Where lessons happen: studios, halls, online.', link: '/schedulings' },
  teachers: { title: 'Add your teachers', hint: 'Each is invited by email to set a password.', link: '/member/teachers' },
  students: { title: 'Add your students', hint: 'One by one, or a CSV import.', link: '/member/students' },
  merchant: { title: 'Connect your merchant account', hint: 'Families pay you by card through it.', link: '/paymentBilling' },
  firstLesson: { title: 'Schedule the first lesson', hint: 'On the weekly calendar.', link: '/scheduling/weekly' },
  signupWidget: { title: 'Put the signup widget on your website', hint: 'Done when the first student signs up through it.', link: '/reporting/approvedStudent' },
};

export const SETUP_MESSAGES = {
  dismissed: 'The setup checklist is hidden',
  notFound: 'School not found',
} as const;

export const setupChecklist = z.object({
  steps: z.array(z.object({ key: z.enum(SETUP_STEPS), title: z.string(), hint: z.string(), link: z.string(), done: z.boolean() })),
  doneCount: z.number().int(),
  /** When the school hid it (ISO), or null: the dashboard shows it while null. */
  dismissedAt: z.string().nullable(),
});
export type SetupChecklist = z.infer<typeof setupChecklist>;

export const setupChecklistParams = z.object({ adminId: uuid });

const tags = ['schools'] as const;

export const SETUP_CHECKLIST_ROUTES = {
  // Readable by a lapsed school too: it is its own data (decision 071).
  get: defineRoute({ method: 'GET', path: '/school/setupChecklist/:adminId', params: setupChecklistParams, response: setupChecklist, meta: { roles: ['admin', 'subadmin'], tags, lapsedSchool: 'open' } }),
  dismiss: defineRoute({ method: 'POST', path: '/school/setupChecklist/dismiss', body: setupChecklistParams, response: setupChecklist, meta: { roles: ['admin'], tags } }),
};
