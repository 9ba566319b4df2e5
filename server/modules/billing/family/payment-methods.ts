import type { Tx } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { decideReadCards } from '../../../policies/billing-family.js';
import { ACCEPTED_CARD_BRANDS } from '../../../../shared/billing-family-text.js';
import type { PaymentMethodList } from '../../../../shared/contracts/billing-family.js';
import { billingStudentFor } from './billing-student.js';
import type { FamilyContext } from './family-context.js';
import { listCards, ownCards } from './saved-cards.js';

/**
 * GET /paymentMethod/getPaymentMethodList/{studentId} (docs/domains/billing.md "Data and calls"; the answer is ours,
 * docs/decisions/033-families-pay.md): how this student's invoices can be paid. For the payer, their
 * own saved cards (what "Pay with saved card" offers); for staff, who read, the payers' cards.
 * Beside them the brands a new card may be (typed on the invoice's pay page), and test mode.
 */
export async function paymentMethodsOf(tx: Tx, actor: Actor, studentId: string, ctx: FamilyContext): Promise<PaymentMethodList> {
  const student = await billingStudentFor(tx, actor, studentId, decideReadCards);
  const gateway = await ctx.gatewayFor(tx, student.adminId);
  const cards = student.actorPays ? await ownCards(tx, actor, ctx) : (await listCards(tx, actor, studentId, ctx)).results;
  return { cards, brands: [...ACCEPTED_CARD_BRANDS], testMode: gateway.testMode };
}
