import { emailLayout } from '../../services/email/layout.js';
import type { OutgoingEmail } from '../../services/email/mailer.js';
import { formatMoney } from '../../../shared/money.js';
import { planLimitText } from '../../../shared/school-plans-text.js';

type PlanFacts = { planName: string; priceCents: number; currency: string; billingPeriod: string; maxStudents: number | null; maxTeachers: number | null; storeIncluded: boolean };

const per = (period: string) => (period === 'yearly' ? 'year' : 'month');
export const priceText = (p: Pick<PlanFacts, 'priceCents' | 'currency' | 'billingPeriod'>) =>
  p.priceCents === 0 ? 'free' : `${formatMoney(p.priceCents, p.currency)} a ${per(p.billingPeriod)}`;

function whatComes(p: PlanFacts): string {
  const parts = [
    planLimitText(p.maxStudents, 'student'),
    planLimitText(p.maxTeachers, 'teacher'),
    ...(p.storeIncluded ? ['the store'] : []),
  ];
  return parts.join(', ');
}

/** planUpgradeEmail: the provider offers the owner another plan. */
export function upgradeOfferEmail(f: { firstName: string; schoolName: string; currentPlan: string; plan: PlanFacts; url: string }): Omit<OutgoingEmail, 'to'> {
  return {
    subject: `A Cadenza plan for ${f.schoolName}: ${f.plan.planName}`,
    ...emailLayout(`Hello ${f.firstName},`, [
      `${f.schoolName} is on the ${f.currentPlan} plan. We would like to offer you the ${f.plan.planName} plan: ${priceText(f.plan)}, with ${whatComes(f.plan)}.`,
      'Sign in and open Payment / Billing to see your plan; reply to this email and we will move you to the new plan.',
    ], { label: 'See your plan', url: f.url }, 'You receive this email because you own a school on Cadenza.'),
  };
}

/** The renewal went through. */
export function renewalPaidEmail(f: { firstName: string; schoolName: string; planName: string; amountCents: number; currency: string; periodEndsOn: string; url: string }): Omit<OutgoingEmail, 'to'> {
  return {
    subject: `Your Cadenza plan is renewed: ${formatMoney(f.amountCents, f.currency)}`,
    ...emailLayout(`Hello ${f.firstName},`, [
      `We charged ${formatMoney(f.amountCents, f.currency)} for the ${f.planName} plan of ${f.schoolName}, through ${f.periodEndsOn}. Thank you.`,
    ], { label: 'See your plan', url: f.url }, 'You receive this email because you own a school on Cadenza.'),
  };
}

/** The renewal failed: when we try again, or that the plan lapsed. */
export function renewalFailedEmail(f: { firstName: string; schoolName: string; planName: string; amountCents: number; currency: string; reason: string; nextTryOn: string | null; url: string }): Omit<OutgoingEmail, 'to'> {
  const next = f.nextTryOn
    ? `We will try again on ${f.nextTryOn}. Nothing changes for your school until then.`
    : 'This was the last try: the plan has lapsed. Your people can still sign in, and you can pay on Payment / Billing; everything else waits until it is paid.';
  return {
    subject: f.nextTryOn ? `We could not renew your Cadenza plan` : `Your Cadenza plan has lapsed`,
    ...emailLayout(`Hello ${f.firstName},`, [
      `We tried to charge ${formatMoney(f.amountCents, f.currency)} for the ${f.planName} plan of ${f.schoolName}, and the payment did not go through.`,
      `The payment processor said: ${f.reason}`,
      next,
    ], { label: 'Open Payment / Billing', url: f.url }, 'You receive this email because you own a school on Cadenza.'),
  };
}

/** A renewal billed by invoice: the provider's office sends it. */
export function renewalInvoicedEmail(f: { firstName: string; schoolName: string; planName: string; amountCents: number; currency: string; periodEndsOn: string; url: string }): Omit<OutgoingEmail, 'to'> {
  return {
    subject: `Your Cadenza plan renews: ${formatMoney(f.amountCents, f.currency)} by invoice`,
    ...emailLayout(`Hello ${f.firstName},`, [
      `The ${f.planName} plan of ${f.schoolName} renews through ${f.periodEndsOn}. It is billed by invoice: ${formatMoney(f.amountCents, f.currency)}.`,
    ], { label: 'See your plan', url: f.url }, 'You receive this email because you own a school on Cadenza.'),
  };
}

/** The provider ended or extended the plan by hand (decision 071). */
export function planChangedByProviderEmail(f: { firstName: string; schoolName: string; planName: string; renewsOn: string | null; url: string }): Omit<OutgoingEmail, 'to'> {
  const ended = f.renewsOn === null;
  return {
    subject: ended ? `Your Cadenza plan has ended` : `Your Cadenza plan is extended to ${f.renewsOn}`,
    ...emailLayout(`Hello ${f.firstName},`, [
      ended
        ? `We have ended the ${f.planName} plan of ${f.schoolName}. Reply to this email if you did not expect it.`
        : `We have extended the ${f.planName} plan of ${f.schoolName}: it now renews on ${f.renewsOn}.`,
    ], { label: 'See your plan', url: f.url }, 'You receive this email because you own a school on Cadenza.'),
  };
}

/** What a receipt shows of a settled charge (the card as brand and last four only). */
export type Receipt = {
  planName: string; amountCents: number; currency: string; periodStartsOn: string; periodEndsOn: string;
  cardBrand: string | null; cardLast4: string | null; transactionId: string | null; paidOn: string;
};

/**
 * A self-registered school's welcome (decision 076): how to begin, and the receipt of the first
 * charge when the plan is paid.
 */
export function welcomeEmail(f: { firstName: string; schoolName: string; username: string; planName: string; receipt: Receipt | null; url: string }): Omit<OutgoingEmail, 'to'> {
  const r = f.receipt;
  const receipt = r ? [
    `Receipt of your first payment: ${formatMoney(r.amountCents, r.currency)} for the ${r.planName} plan, ${r.periodStartsOn} to ${r.periodEndsOn}, paid on ${r.paidOn}`
      + `${r.cardBrand && r.cardLast4 ? ` with ${r.cardBrand} ending in ${r.cardLast4}` : ''}${r.transactionId ? ` (transaction ${r.transactionId})` : ''}.`,
  ] : [`${f.schoolName} is on the free ${f.planName} plan: nothing was charged.`];
  return {
    subject: `Welcome to Cadenza, ${f.schoolName}`,
    ...emailLayout(`Hello ${f.firstName},`, [
      `${f.schoolName} is ready. Sign in as ${f.username}: your dashboard lists the first steps (your school's details and time zone, rooms, teachers, students, your merchant account, the first lesson and the signup widget), each ticked as you do it.`,
      ...receipt,
      'We also sent you a separate email to verify your address.',
    ], { label: 'Open your dashboard', url: f.url }, 'You receive this email because you registered a school on Cadenza.'),
  };
}

/** The provider hears of each new school (decision 076). */
export function newSchoolProviderEmail(f: { schoolName: string; ownerName: string; ownerEmail: string; planName: string; paid: string; url: string }): Omit<OutgoingEmail, 'to'> {
  return {
    subject: `New school on Cadenza: ${f.schoolName}`,
    ...emailLayout('Hello,', [
      `${f.schoolName} registered itself on the ${f.planName} plan (${f.paid}). Its owner is ${f.ownerName}, ${f.ownerEmail}.`,
    ], { label: 'See the school', url: f.url }, 'You receive this email because you are the provider of Cadenza.'),
  };
}

/** The provider hears of each failed plan payment (decision 076). */
export function planPaymentFailedProviderEmail(f: { schoolName: string; planName: string; amountCents: number; currency: string; reason: string; nextTryOn: string | null; url: string }): Omit<OutgoingEmail, 'to'> {
  return {
    subject: `A plan payment failed: ${f.schoolName}`,
    ...emailLayout('Hello,', [
      `The ${formatMoney(f.amountCents, f.currency)} payment for the ${f.planName} plan of ${f.schoolName} did not go through. The payment processor said: ${f.reason}`,
      f.nextTryOn ? `It will be tried again on ${f.nextTryOn}; the school's owner was emailed.` : 'That was the last try: the school\'s plan has lapsed, and its owner was emailed.',
    ], { label: 'See the bookings', url: f.url }, 'You receive this email because you are the provider of Cadenza.'),
  };
}
