import { formatDollars } from '../../../shared/money';
import { capitalize } from '../../lib/format';
import type { SchoolPlan } from '../../../shared/contracts/school-plans';
import { planLimitText, SCHOOL_PLAN_TYPE_LABELS } from '../../../shared/school-plans-text';

/** "$49.00 / month", "Free". */
export const planPrice = (p: Pick<SchoolPlan, 'price' | 'currency' | 'billingPeriod'>) =>
  p.price === 0 ? 'Free' : `${formatDollars(p.price, p.currency)} / ${p.billingPeriod === 'yearly' ? 'year' : 'month'}`;

/** "Up to 50 students, any number of teachers, store included". */
export function planLimits(p: Pick<SchoolPlan, 'maxStudents' | 'maxTeachers' | 'storeIncluded'>) {
  return [
    capitalize(planLimitText(p.maxStudents, 'student')),
    planLimitText(p.maxTeachers, 'teacher'),
    p.storeIncluded ? 'store included' : 'no store',
  ].join(', ');
}

export const planTypeLabel = (p: Pick<SchoolPlan, 'schoolPrivateTeacher'>) => SCHOOL_PLAN_TYPE_LABELS[p.schoolPrivateTeacher];

/** "Mar 1, 2026" from a calendar date. */
export function dayLabel(date: string) {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
}
