import { emailLayout } from '../../services/email/layout.js';
import type { OutgoingEmail } from '../../services/email/mailer.js';
import { formatMoney } from '../../../shared/money.js';

type PlanFacts = { planName: string; priceCents: number; currency: string; billingPeriod: string; maxStudents: number | null; maxTeachers: number | null; storeIncluded: boolean };

const per = (period: string) => (period === 'yearly' ? 'year' : 'month');
export const priceText = (p: Pick<PlanFacts, 'priceCents' | 'currency' | 'billingPeriod'>) =>
  p.priceCents === 0 ? 'free' : `${formatMoney(p.priceCents, p.currency)} a ${per(p.billingPeriod)}`;

function whatComes(p: PlanFacts): string {
  const parts = [
    p.maxStudents === null ? 'any number of students' : `up to ${p.maxStudents} students`,
    p.maxTeachers === null ? 'any number of teachers' : `up to ${p.maxTeachers} teachers`,
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
