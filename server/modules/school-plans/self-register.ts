import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { schoolPlanBookings, schoolPlans, users } from '../../db/schema/index.js';
import { AppError, badRequest, fieldError, notFound } from '../../lib/http-errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { consumeOrThrow, type RateLimits } from '../../services/rate-limits/rate-limits.js';
import { tooManyRequests } from '../../lib/http-errors.js';
import { SCHOOL_SIGNUP_MESSAGES, checkRegistration, type SchoolRegistrationValues, type SignupPlans } from '../../../shared/contracts/school-signup.js';
import { ACCOUNT_MESSAGES } from '../../../shared/contracts/common.js';
import { ADDROLE_OF_PLAN_TYPE, type SchoolPlanType } from '../../../shared/contracts/school-plans.js';
import { assertUsernameFree, createAccount, rethrowUniqueUser, startNewOwnerSession } from '../auth/index.js';
import { createSchoolRow } from '../schools/index.js';
import { chargeFirstPeriod, firstPeriodOf, saveCardWithProvider } from './book-plan.js';
import { keepFirstPeriod, undoFirstPeriod } from './first-period.js';
import { claimPeriod, type ChargeRow } from './period-charge.js';
import { welcomeNewSchool } from './welcome-new-school.js';
import type { LoginResult } from '../../../shared/contracts/auth.js';
import { findOfferedPlan } from './plan-service.js';
import { presentPlan } from './presenter.js';
import { providerGateway, type PlanServices } from './provider-gateway.js';

/** Anyone may open the page: an address may register 5 schools an hour and load the plans 60 times a minute. */
export const SELF_REGISTER_LIMITS = {
  registerPerIp: { name: 'school-register-ip', points: 5, durationSec: 3600 },
  plansPerIp: { name: 'school-plans-ip', points: 60, durationSec: 60 },
} as const;

export const checkRegisterAllowed = (limits: RateLimits, ip: string) =>
  consumeOrThrow(limits.limiter(SELF_REGISTER_LIMITS.registerPerIp), ip, () => tooManyRequests(SCHOOL_SIGNUP_MESSAGES.tooMany));
export const checkPlansLookupAllowed = (limits: RateLimits, ip: string) =>
  consumeOrThrow(limits.limiter(SELF_REGISTER_LIMITS.plansPerIp), ip, () => tooManyRequests('Too many requests. Please wait a minute and try again.'));

/** /signup/{id}: the provider's link (a superadmin's id: every plan) or one plan's (that plan chosen). */
export async function signupPlansOf(db: Database, id: string): Promise<SignupPlans> {
  return db.transaction({ kind: 'all' }, async (tx) => {
    const offered = await tx.select().from(schoolPlans).where(isNull(schoolPlans.retiredAt)).orderBy(schoolPlans.priceCents, schoolPlans.createdAt);
    if (offered.some((p) => p.id === id)) return { plans: offered.map((p) => presentPlan(p)), selectedPlanId: id };
    const [provider] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, id), eq(users.role, 'superadmin'))).limit(1);
    if (!provider) throw notFound(SCHOOL_SIGNUP_MESSAGES.linkInvalid);
    return { plans: offered.map((p) => presentPlan(p)), selectedPlanId: null };
  });
}

/** A registration's outcome: the school (its owner's id) and the owner's session, null while the account is off. */
export type Registered = { id: string; login: LoginResult | null };

/**
 * A new school and its owner from the public page. A paid plan's card is kept with the provider's
 * gateway and charged for the first period; the owner's account stays off until the charge is
 * approved, and a decline removes everything made (the owner, the school, its booking). A free
 * plan needs no card. Then its first day (decision 076): the owner signed in, emailed a welcome
 * with the first charge's receipt and a verification link, and the provider told.
 */
export async function registerSchool(db: Database, services: PlanServices, f: SchoolRegistrationValues, now: Date): Promise<Registered> {
  await signupPlansOf(db, f.signupId);
  const { plan, addrole } = await db.transaction({ kind: 'all' }, async (tx) => {
    const plan = await findOfferedPlan(tx, f.planId).catch(() => { throw fieldError('planId', SCHOOL_SIGNUP_MESSAGES.planRequired); });
    const errors = checkRegistration(f, { isFree: plan.priceCents === 0 }, null);
    if (Object.keys(errors).length > 0) throw badRequest(Object.values(errors)[0]!, errors);
    await assertUsernameFree(tx, f.username);
    const [taken] = await tx.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), sql`lower(${users.email}) = lower(${f.email})`)).limit(1);
    if (taken) throw fieldError('email', ACCOUNT_MESSAGES.emailTaken);
    const addrole = plan.priceCents === 0 ? f.addrole! : ADDROLE_OF_PLAN_TYPE[plan.schoolPrivateTeacher as SchoolPlanType];
    return { plan, addrole };
  });
  const paid = plan.priceCents > 0;
  const id = randomUUID();
  const gateway = paid ? await providerGateway(db, services) : null;
  const profile = gateway ? await saveCardWithProvider(gateway, id, f, {
    firstName: f.first_name, lastName: f.last_name, address: f.address1, city: f.city, state: f.state, zip: f.postal_code, country: f.country, email: f.email,
  }) : null;
  const passwordHash = await hashPassword(f.password);
  const period = firstPeriodOf(plan, f.time_zone);
  const row = await db.transaction({ kind: 'school', adminId: id }, async (tx) => {
    await createAccount(tx, {
      id, adminId: id, role: 'admin', addrole, username: f.username, email: f.email, passwordHash,
      firstName: f.first_name, lastName: f.last_name, cellPhone: f.cellPhone, address1: f.address1, city: f.city, state: f.state, postalCode: f.postal_code,
      // Off until the first period is paid: a declined card leaves no account to sign in to.
      status: !paid,
    }).catch(rethrowUniqueUser);
    await createSchoolRow(tx, {
      adminId: id, schoolName: f.school_name, workingPhone: f.working_phone, address1: f.address1, city: f.city, state: f.state,
      postalCode: f.postal_code, country: f.country, timeZone: f.time_zone, showStore: !paid && plan.storeIncluded,
    });
    const [booking] = await tx.insert(schoolPlanBookings).values({
      adminId: id, planId: plan.id, paymentMethod: paid ? 'card' : 'invoice', periodStartsOn: period.startsOn, renewsOn: period.renewsOn, selfRegistered: true,
      ...(profile ? {
        gateway: profile.gateway, testMode: profile.testMode, customerProfileId: profile.customerProfileId,
        customerPaymentProfileId: profile.customerPaymentProfileId, cardBrand: profile.brand, cardLast4: profile.last4,
      } : {}),
    }).returning();
    if (!profile) return null;
    return claimPeriod(tx, {
      adminId: id, bookingId: booking!.id, planId: plan.id, planName: plan.planName, periodStartsOn: period.startsOn, periodEndsOn: period.endsOn,
      amountCents: plan.priceCents, currency: plan.currency, method: 'card',
      card: { brand: profile.brand, last4: profile.last4, gateway: profile.gateway, testMode: profile.testMode },
    });
  });
  let settled: ChargeRow | null = null;
  if (row && gateway && profile) {
    // An answer that never came (503) leaves the school registered and off, its charge pending: the
    // page says so, and the reconcile job settles it and welcomes the school (finishFirstPeriod).
    const outcome = await chargeFirstPeriod(db, gateway, row, profile, f.school_name, (tx) => undoFirstPeriod(tx, id, true))
      .then((charge) => ({ charge }), (error: unknown) => { if (error instanceof AppError && error.status === 503) return null; throw error; });
    if (!outcome) return { id, login: null };
    settled = outcome.charge;
    await db.transaction({ kind: 'school', adminId: id }, (tx) => keepFirstPeriod(tx, id, plan.storeIncluded, true));
  }
  const owner = { firstName: f.first_name, lastName: f.last_name, username: f.username, email: f.email };
  // The provider's rows are outside the school's: one transaction over every school.
  const login = await db.transaction({ kind: 'all' }, async (tx) => {
    await welcomeNewSchool(tx, services.config.appUrl, {
      id, owner, schoolName: f.school_name, timeZone: f.time_zone, planName: plan.planName, addrole, charge: settled, now,
    });
    return startNewOwnerSession(tx, id);
  });
  return { id, login };
}
