import type { schoolPlanBookings, schoolPlanCharges, schoolPlans, schools, users } from '../../db/schema/index.js';
import { dollarsOf } from '../../../shared/money.js';
import type {
  BookingMethod, BookingStatus, PlanCharge, SchoolBooking, SchoolPlan, SchoolPlanPeriod, SchoolPlanType,
} from '../../../shared/contracts/school-plans.js';
import { planStateOf } from '../../../shared/contracts/school-plans.js';

type PlanRow = typeof schoolPlans.$inferSelect;
type BookingRow = typeof schoolPlanBookings.$inferSelect;
type ChargeRow = typeof schoolPlanCharges.$inferSelect;

export function presentPlan(row: PlanRow, schoolCount = 0): SchoolPlan {
  return {
    _id: row.id,
    planName: row.planName,
    price: dollarsOf(row.priceCents),
    currency: row.currency,
    isFree: row.priceCents === 0,
    schoolPrivateTeacher: row.schoolPrivateTeacher as SchoolPlanType,
    billingPeriod: row.billingPeriod as SchoolPlanPeriod,
    maxStudents: row.maxStudents,
    maxTeachers: row.maxTeachers,
    storeIncluded: row.storeIncluded,
    schoolCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export type BookingFacts = {
  booking: BookingRow;
  plan: PlanRow;
  school: typeof schools.$inferSelect;
  owner: typeof users.$inferSelect;
  studentCount: number;
  teacherCount: number;
};

/** What the provider sees of a booking (decision 071): the details' card and the Schools list alike. */
export const planStateOfBooking = (b: Pick<BookingRow, 'status' | 'renewalFailures' | 'cancelAtPeriodEnd'>) =>
  planStateOf({ status: b.status as BookingStatus, renewalFailures: b.renewalFailures, cancelAtPeriodEnd: b.cancelAtPeriodEnd });

export function presentBooking(f: BookingFacts): SchoolBooking {
  const b = f.booking;
  return {
    _id: b.id,
    adminId: b.adminId,
    school_name: f.school.schoolName,
    owner: { first_name: f.owner.firstName, last_name: f.owner.lastName, email: f.owner.email },
    plan: presentPlan(f.plan),
    status: b.status as BookingStatus,
    planState: planStateOfBooking(b),
    paymentMethod: b.paymentMethod as BookingMethod,
    periodStartsOn: b.periodStartsOn,
    renewsOn: b.renewsOn,
    cancelAtPeriodEnd: b.cancelAtPeriodEnd,
    card: b.cardLast4 ? { brand: b.cardBrand ?? 'Card', last4: b.cardLast4 } : null,
    testMode: b.testMode,
    studentCount: f.studentCount,
    teacherCount: f.teacherCount,
    createdAt: b.createdAt.toISOString(),
  };
}

export function presentCharge(row: ChargeRow): PlanCharge {
  return {
    _id: row.id,
    planName: row.planName,
    periodStartsOn: row.periodStartsOn,
    periodEndsOn: row.periodEndsOn,
    amount: dollarsOf(row.amountCents),
    currency: row.currency,
    method: row.method as BookingMethod,
    status: row.status,
    message: row.message,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    createdAt: row.createdAt.toISOString(),
  };
}
