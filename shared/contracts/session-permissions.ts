import { z } from 'zod';

/*
 * The shape of what the signed-in viewer may do, as the session carries it (decision 062); the
 * rule that fills it in is shared/permissions.ts. Apart from that rule, which reads route
 * contracts (and with them the phone library), so that the sign-in and other public pages that
 * call the auth routes do not load them (decision 077).
 */

/**
 * Whose records the viewer's lists and reports hold, as the server scopes them: the student's own,
 * a parent's children's, a teacher's own lessons and students, the school's (admin, sub-admin) or
 * every school's (the provider).
 */
export const REACHES = ['self', 'children', 'taught', 'school', 'provider'] as const;
export type Reach = (typeof REACHES)[number];

export const sessionPermissions = z.object({
  reach: z.enum(REACHES),
  /** A teacher, or an admin who is a private teacher: teaches their own lessons and classes only. */
  teachesOwnOnly: z.boolean(),
  /** The school's admin (its owner): its plan with Cadenza, its Learn More page. */
  runsSchool: z.boolean(),
  /** An admin who is a private teacher: a school of one, who teaches every lesson and class/group of it. */
  privateTeacher: z.boolean(),
  /** Picks a teacher in reports and calendars: a school's office that is not a studio of one. */
  picksTeacher: z.boolean(),
  /** The school's office (admin, sub-admin; decision 057): marks library files for teachers, searches people in the logs. */
  schoolOffice: z.boolean(),
  /** Uploads to the library: whom its upload routes admit (everyone but students and parents). */
  uploadsFiles: z.boolean(),
  /** Reads a student's lesson history on their profile: the office and teachers. */
  readsLessonHistory: z.boolean(),
  /** Is served an invoice's PDF from Payment / Billing: whom its route admits (the family and the office). */
  downloadsInvoicePdf: z.boolean(),
  /** Adds courses: whom the add route admits (everyone but students and parents). */
  createsCourses: z.boolean(),
  /** A teacher's new and changed courses wait for the office's approval (docs/domains/learning.md "What it does"). */
  coursesWaitForApproval: z.boolean(),
  /** Acts as someone else (login-as; the picker shows only to them). */
  actsAsOthers: z.boolean(),
  /** Overrides a room clash and grants a make-up credit outside the rules (the office and the provider). */
  overridesSchedule: z.boolean(),
  /** Sees a store: the provider's own, or the school's when the school shows one. */
  opensStore: z.boolean(),
  /** Buys in the store: everyone who opens it but the provider (decision 046). */
  buysInStore: z.boolean(),
  /** Manages the store's orders: the school's office and the provider (decision 046). */
  managesOrders: z.boolean(),
  /**
   * Has the payroll right: the school's admin, a sub-admin with allow_payroll_report. Payroll and
   * teachers' pay rates (read and set) are theirs only (docs/domains/reports-and-payroll.md).
   */
  runsPayroll: z.boolean(),
  /**
   * Charges, saves, removes or defaults a saved card and turns autopay on or off (decision 069):
   * false in a login-as by staff, where cards and payments are read-only.
   */
  usesFamilyCards: z.boolean(),
});
export type SessionPermissions = z.infer<typeof sessionPermissions>;
