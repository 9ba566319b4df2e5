import { and, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { autopaySettings, paymentCustomers, savedCards, users } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/actor.js';
import { AppError, badRequest, forbidden, notFound } from '../../../lib/http-errors.js';
import { decideReadCards, mayKeepCards, mustNameStudent } from '../../../policies/billing-family.js';
import { CardRejectedError, GatewayUnavailableError, type PaymentGateway } from '../../../services/payments/gateway.js';
import { recordActivity } from '../../activities/index.js';
import { cardHoldersFor, studentsPaidBy } from '../../relations/index.js';
import { FAMILY_MESSAGES as M, type addCardBody, type CardList, type SavedCard } from '../../../../shared/contracts/billing-family.js';
import { actorHasParent, billingStudentFor } from './billing-student.js';
import type { FamilyContext } from './family-context.js';
import { presentCard, type SavedCardRow } from './presenter.js';
import { isStaffOrProvider } from '../../../../shared/roles.js';

type AddCardInput = z.output<typeof addCardBody>;

/** A person keeps at most this many cards at a school: enough for a family, too few to test stolen cards with. */
export const MAX_SAVED_CARDS = 10;

export const gatewayDown = () => new AppError(503, 'The payment service did not answer. Please try again in a few minutes.');

const cardColumns = {
  id: savedCards.id,
  ownerId: savedCards.ownerId,
  adminId: savedCards.adminId,
  customerProfileId: paymentCustomers.customerProfileId,
  customerPaymentProfileId: savedCards.customerPaymentProfileId,
  brand: savedCards.brand,
  last4: savedCards.last4,
  expMonth: savedCards.expMonth,
  expYear: savedCards.expYear,
  isDefault: savedCards.isDefault,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
};

type CardRow = SavedCardRow & { adminId: string };

/**
 * The cards a school's current gateway keeps: were the school to move from the sandbox to its own
 * Authorize.Net account, cards saved before could not be charged there, and are not offered.
 */
export const ofGateway = (g: Pick<PaymentGateway, 'name' | 'testMode'>) =>
  and(eq(paymentCustomers.gateway, g.name), eq(paymentCustomers.testMode, g.testMode))!;

/** Live cards (not removed) matching `where`, default first, then newest. */
async function selectCards(tx: Tx, where: SQL | undefined): Promise<CardRow[]> {
  return tx.select(cardColumns).from(savedCards)
    .innerJoin(paymentCustomers, eq(paymentCustomers.id, savedCards.customerId))
    .innerJoin(users, eq(users.id, savedCards.ownerId))
    .where(and(isNull(savedCards.removedAt), where))
    .orderBy(desc(savedCards.isDefault), desc(savedCards.createdAt), desc(savedCards.id));
}

/**
 * POST /studentBilling/cardList: the cards that pay a student's invoices (staff and the payer,
 * naming the student), or without a student the caller's own cards.
 */
export async function listCards(tx: Tx, actor: Actor, studentId: string | undefined, ctx: FamilyContext): Promise<CardList> {
  let where: SQL;
  let adminId: string;
  if (studentId) {
    const student = await billingStudentFor(tx, actor, studentId, decideReadCards);
    where = sql`${savedCards.ownerId} in ${cardHoldersFor(student.studentId)} and ${savedCards.adminId} = ${student.adminId}`;
    adminId = student.adminId;
  } else {
    if (mustNameStudent(actor)) throw badRequest(M.studentRequired, { studentId: M.studentRequired });
    await assertKeepsCards(tx, actor);
    where = and(eq(savedCards.ownerId, actor.id), eq(savedCards.adminId, actor.adminId!))!;
    adminId = actor.adminId!;
  }
  const gateway = await ctx.gatewayFor(tx, adminId);
  const rows = await selectCards(tx, and(where, ofGateway(gateway)));
  const now = ctx.now();
  return { results: rows.map((r) => presentCard(r, actor.id, now)), testMode: gateway.testMode };
}

/** The caller's own live cards at their school (for "Pay with saved card"). */
export async function ownCards(tx: Tx, actor: Actor, ctx: FamilyContext): Promise<SavedCard[]> {
  if (!actor.adminId) return [];
  const gateway = await ctx.gatewayFor(tx, actor.adminId);
  const rows = await selectCards(tx, and(eq(savedCards.ownerId, actor.id), eq(savedCards.adminId, actor.adminId), ofGateway(gateway)));
  const now = ctx.now();
  return rows.map((r) => presentCard(r, actor.id, now));
}

async function assertKeepsCards(tx: Tx, actor: Actor): Promise<void> {
  if (!actor.adminId || !mayKeepCards(actor, await actorHasParent(tx, actor))) throw forbidden(M.notThePayer);
}

/**
 * The payer's customer profile at the school's gateway, made on their first card. An advisory
 * lock on (school, person) makes two first cards at once share one profile.
 */
async function customerOf(tx: Tx, actor: Actor, gateway: PaymentGateway): Promise<{ id: string; customerProfileId: string }> {
  const adminId = actor.adminId!;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payment-customer:${adminId}:${actor.id}`}, 0))`);
  const key = and(eq(paymentCustomers.adminId, adminId), eq(paymentCustomers.userId, actor.id),
    eq(paymentCustomers.gateway, gateway.name), eq(paymentCustomers.testMode, gateway.testMode));
  const [found] = await tx.select({ id: paymentCustomers.id, customerProfileId: paymentCustomers.customerProfileId }).from(paymentCustomers).where(key);
  if (found) return found;
  const profile = await gateway.createCustomerProfile({
    // Authorize.Net keeps at most 20 characters here: 80 bits of the person's id.
    merchantCustomerId: actor.id.replace(/-/g, '').slice(0, 20),
    email: actor.user.email ?? undefined,
    description: `${actor.user.firstName} ${actor.user.lastName}`.slice(0, 255),
  });
  const [made] = await tx.insert(paymentCustomers)
    .values({ adminId, userId: actor.id, gateway: gateway.name, testMode: gateway.testMode, customerProfileId: profile.customerProfileId })
    .returning({ id: paymentCustomers.id, customerProfileId: paymentCustomers.customerProfileId });
  return made!;
}

/** Makes one card the owner's default at the school, and no other (one default: a partial unique index). */
async function makeDefault(tx: Tx, card: { id: string; ownerId: string; adminId: string }): Promise<void> {
  await tx.update(savedCards).set({ isDefault: false })
    .where(and(eq(savedCards.ownerId, card.ownerId), eq(savedCards.adminId, card.adminId), eq(savedCards.isDefault, true), ne(savedCards.id, card.id)));
  await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, card.id));
}

const cardName = (c: { brand: string; last4: string }) => `${c.brand} ending ${c.last4}`;

/**
 * POST /studentBilling/addToCard (and addCustomerPayment): the gateway checks and keeps the card;
 * we keep its brand, last four, expiry and the profile ids. The first card becomes the default.
 */
export async function addCard(tx: Tx, actor: Actor, input: AddCardInput, ctx: FamilyContext): Promise<SavedCard> {
  await assertKeepsCards(tx, actor);
  const adminId = actor.adminId!;
  const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(savedCards)
    .where(and(eq(savedCards.ownerId, actor.id), eq(savedCards.adminId, adminId), isNull(savedCards.removedAt)));
  if (count >= MAX_SAVED_CARDS) throw badRequest(`You can keep up to ${MAX_SAVED_CARDS} cards. Please remove one first.`);
  const gateway = await ctx.gatewayFor(tx, adminId);
  const customer = await customerOf(tx, actor, gateway);
  const [current] = await tx.select({ id: savedCards.id }).from(savedCards)
    .where(and(eq(savedCards.ownerId, actor.id), eq(savedCards.adminId, adminId), eq(savedCards.isDefault, true), isNull(savedCards.removedAt)));
  const asDefault = input.isDefault === true || !current;
  let profile;
  try {
    profile = await gateway.addPaymentProfile({
      customerProfileId: customer.customerProfileId,
      card: { number: input.cardNo, expMonth: Number(input.expMonth), expYear: Number(input.expYear), code: input.cardCode },
      billTo: {
        firstName: input.firstName, lastName: input.lastName, address: input.address1, city: input.city, state: input.state,
        zip: input.postalCode, country: input.country, email: input.email, phone: input.cellPhone,
      },
      makeDefault: asDefault,
    });
  } catch (error) {
    if (error instanceof CardRejectedError) throw badRequest(error.message);
    if (error instanceof GatewayUnavailableError) throw gatewayDown();
    throw error;
  }
  const [card] = await tx.insert(savedCards).values({
    adminId, ownerId: actor.id, customerId: customer.id, customerPaymentProfileId: profile.customerPaymentProfileId,
    brand: profile.card.brand, last4: profile.card.last4, expMonth: profile.card.expMonth, expYear: profile.card.expYear, isDefault: false,
  }).returning({ id: savedCards.id });
  if (asDefault) await makeDefault(tx, { id: card!.id, ownerId: actor.id, adminId });
  await recordActivity(tx, { adminId, actorId: actor.accountableId, action: 'card.saved', ip: actor.ip, meta: { name: cardName(profile.card) } });
  const [row] = await selectCards(tx, eq(savedCards.id, card!.id));
  return presentCard(row!, actor.id, ctx.now());
}

/**
 * A live card of the school, for its owner to change: none (or another school's) is 404; staff,
 * who only read, 403; a card of someone else of the school, 404 like one that does not exist.
 */
async function ownCardFor(tx: Tx, actor: Actor, where: SQL): Promise<CardRow> {
  const [card] = await selectCards(tx, where);
  if (!card) throw notFound(M.cardNotFound);
  await assertKeepsCards(tx, actor);
  if (card.ownerId !== actor.id) throw notFound(M.cardNotFound);
  return card;
}

/** The card of these gateway ids at the school: its owner's, or any for staff (who read). */
export async function cardByProfile(tx: Tx, actor: Actor, ids: { customerProfileId: string; customerPaymentProfileId: string }, now: Date): Promise<SavedCard> {
  const [card] = await selectCards(tx, and(eq(paymentCustomers.customerProfileId, ids.customerProfileId), eq(savedCards.customerPaymentProfileId, ids.customerPaymentProfileId)));
  if (!card || (!isStaffOrProvider(actor.role) && card.ownerId !== actor.id)) throw notFound(M.cardNotFound);
  return presentCard(card, actor.id, now);
}

export const byCardId = (cardId: string) => eq(savedCards.id, cardId);
export const byProfileIds = (ids: { customerProfileId: string; customerPaymentProfileId: string }) =>
  and(eq(paymentCustomers.customerProfileId, ids.customerProfileId), eq(savedCards.customerPaymentProfileId, ids.customerPaymentProfileId))!;

export type RemoveResult = { autopayStopped: boolean };

/**
 * DELETE /studentBilling/removeCard (and delCustomerPaymentProfile): the gateway forgets the
 * card, we keep the row as removed (payments name it). The default moves to the newest other
 * card; with none left, autopay of the students this person pays has nothing to charge and is
 * switched off (and the answer says so).
 */
export async function removeCard(tx: Tx, actor: Actor, where: SQL, ctx: FamilyContext): Promise<RemoveResult> {
  const card = await ownCardFor(tx, actor, where);
  await tx.update(savedCards).set({ removedAt: ctx.now(), isDefault: false }).where(eq(savedCards.id, card.id));
  let autopayStopped = false;
  if (card.isDefault) {
    const [next] = await selectCards(tx, and(eq(savedCards.ownerId, actor.id), eq(savedCards.adminId, card.adminId)));
    if (next) await makeDefault(tx, next);
    else autopayStopped = await stopAutopayOfPayer(tx, actor);
  }
  await recordActivity(tx, { adminId: card.adminId, actorId: actor.accountableId, action: 'card.removed', ip: actor.ip, meta: { name: cardName(card) } });
  // Last: should the gateway refuse, none of the above is kept.
  const gateway = await ctx.gatewayFor(tx, card.adminId);
  try {
    await gateway.deletePaymentProfile({ customerProfileId: card.customerProfileId, customerPaymentProfileId: card.customerPaymentProfileId });
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw gatewayDown();
    // The gateway knows no such profile (removed there already): ours goes too.
    if (!(error instanceof CardRejectedError)) throw error;
  }
  return { autopayStopped };
}

/** Autopay off for the students this person pays (their children, or themself), where it was on. */
async function stopAutopayOfPayer(tx: Tx, actor: Actor): Promise<boolean> {
  const students = studentsPaidBy(actor);
  const stopped = await tx.update(autopaySettings).set({ enabled: false, updatedBy: actor.accountableId, updatedAt: new Date() })
    .where(and(eq(autopaySettings.enabled, true), sql`${autopaySettings.studentId} in ${students}`))
    .returning({ studentId: autopaySettings.studentId });
  for (const s of stopped) {
    await recordActivity(tx, { adminId: actor.adminId!, actorId: actor.accountableId, action: 'autopay.off', targetUserId: s.studentId, ip: actor.ip });
  }
  return stopped.length > 0;
}

/** POST /studentBilling/updateCustomerPaymentProfile: the card autopay charges. */
export async function setDefaultCard(tx: Tx, actor: Actor, cardId: string, now: Date): Promise<SavedCard> {
  const card = await ownCardFor(tx, actor, eq(savedCards.id, cardId));
  await makeDefault(tx, card);
  await recordActivity(tx, { adminId: card.adminId, actorId: actor.accountableId, action: 'card.made_default', ip: actor.ip, meta: { name: cardName(card) } });
  return presentCard({ ...card, isDefault: true }, actor.id, now);
}

/** The owner's default card at the school's current gateway, if any (autopay and "needs a default card"). */
export async function defaultCardOf(tx: Tx, ownerId: string, adminId: string, ctx: Pick<FamilyContext, 'gatewayFor'>): Promise<CardRow | null> {
  const gateway = await ctx.gatewayFor(tx, adminId);
  const [card] = await selectCards(tx, and(eq(savedCards.ownerId, ownerId), eq(savedCards.adminId, adminId), eq(savedCards.isDefault, true), ofGateway(gateway)));
  return card ?? null;
}

/** A live card of the caller that the school's gateway can charge, or null (404 when not theirs). */
export async function ownCardById(tx: Tx, actor: Actor, cardId: string, adminId: string, ctx: Pick<FamilyContext, 'gatewayFor'>): Promise<CardRow | null> {
  const gateway = await ctx.gatewayFor(tx, adminId);
  const [card] = await selectCards(tx, and(eq(savedCards.id, cardId), eq(savedCards.ownerId, actor.id), ofGateway(gateway)));
  return card ?? null;
}

