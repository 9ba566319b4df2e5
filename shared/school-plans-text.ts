/**
 * The provider's plan types and their names without the routes' schemas, so that the public school
 * signup page paints without zod (decision 077). shared/contracts/school-plans.ts re-exports them.
 */
export const SCHOOL_PLAN_TYPES = ['school', 'privateTeacher'] as const;
export type SchoolPlanType = (typeof SCHOOL_PLAN_TYPES)[number];
export const SCHOOL_PLAN_TYPE_LABELS: Record<SchoolPlanType, string> = { school: 'School', privateTeacher: 'Private teacher' };
