/**
 * The provider's plan types and their names without the routes' schemas, so that the public school
 * signup page paints without zod (decision 077). shared/contracts/school-plans.ts re-exports them.
 */
export const SCHOOL_PLAN_TYPES = ['school', 'privateTeacher'] as const;
export type SchoolPlanType = (typeof SCHOOL_PLAN_TYPES)[number];
export const SCHOOL_PLAN_TYPE_LABELS: Record<SchoolPlanType, string> = { school: 'School', privateTeacher: 'Private teacher' };

/** A plan's limit of one kind as the pages and the emails word it: "up to 1 teacher", "up to 15 students", "any number of students". */
export function planLimitText(limit: number | null, kind: 'student' | 'teacher'): string {
  return limit === null ? `any number of ${kind}s` : `up to ${limit} ${kind}${limit === 1 ? '' : 's'}`;
}
