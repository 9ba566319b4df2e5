import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { emailLayout } from '../../services/email/layout.js';
import { queueEmail } from '../../services/email/queue-email.js';
import { ORDER_STATUS_LABELS, formatOrderNumber } from '../../../shared/contracts/store-orders.js';
import { formatMoney } from '../../../shared/money.js';
import { notifyPeople, providerIds, schoolOfficeIds } from '../notifications/index.js';
import type { OrderRow } from './order-row.js';

const FOOTER = 'You receive this email because you ordered from the store.';

/**
 * One word to the buyer: an email queued in the transaction (sent once it commits) and a notification in the bell.
 * The email goes to the buyer account's address of record, never to the one typed with the
 * shipping address (decision 069): whoever checks out in someone's name cannot steer the buyer's
 * news away from them. An account without an address hears it in the bell alone.
 */
async function tellBuyerOf(tx: Tx, order: OrderRow, title: string, lines: string[], action: { label: string; path: string }, appUrl: string): Promise<void> {
  const [buyer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  if (buyer?.email) {
    await queueEmail(tx, {
      kind: 'store-order',
      adminId: order.buyerAdminId,
      userId: order.userId,
      to: buyer.email,
      subject: title,
      ...emailLayout(`Hello ${order.firstName},`, lines, { label: action.label, url: `${appUrl}${action.path}` }, FOOTER),
    });
  }
  await notifyPeople(tx, { adminId: order.buyerAdminId, userIds: [order.userId], kind: 'store-order', title, body: lines[0], link: action.path });
}

/**
 * The buyer hears of every change of their order (issue 16: "emailed at each change"), at their
 * account's address (decision 069), not the order's address email given at checkout.
 */
export async function tellBuyer(tx: Tx, order: OrderRow, appUrl: string, placed = false): Promise<void> {
  const number = formatOrderNumber(order.orderNumber);
  const status = ORDER_STATUS_LABELS[order.status];
  const title = placed ? `Order ${number} is placed` : `Order ${number} is now ${status}`;
  const lines = placed
    ? [`Thank you for your order ${number} of ${formatMoney(order.grandTotalCents, order.currency)}. We will let you know when it ships.`]
    : [
      `Your order ${number} is now ${status}.`,
      ...(order.status === 'refunded' ? [`${formatMoney(order.refundedCents, order.currency)} was refunded to your card.`] : []),
    ];
  await tellBuyerOf(tx, order, title, lines, { label: 'See your order', path: `/stores/order-details/${order.id}` }, appUrl);
}

/**
 * A checkout the buyer was told would be confirmed within minutes (a lost gateway answer) that
 * reconciliation found declined or never made: the buyer hears it did not go through. The items
 * stayed in the cart, so the order can be placed again from there.
 */
export async function tellBuyerNotPlaced(tx: Tx, order: OrderRow, appUrl: string): Promise<void> {
  const number = formatOrderNumber(order.orderNumber);
  const lines = [
    `Your order ${number} of ${formatMoney(order.grandTotalCents, order.currency)} did not go through: ${order.paymentMessage}`,
    'Nothing was taken from the store for it, and your cart still holds its items: you may place the order again.',
  ];
  await tellBuyerOf(tx, order, `Order ${number} did not go through`, lines, { label: 'Open the store', path: '/store' }, appUrl);
}

/**
 * The seller hears of an order placed (issue 28): a school's store its office (admin and
 * sub-admins), the provider's store the provider; a burst is one notice that counts (decision 083).
 */
export async function tellSeller(tx: Tx, order: OrderRow, appUrl: string): Promise<string[]> {
  const number = formatOrderNumber(order.orderNumber);
  const sellers = order.provider ? await providerIds(tx) : await schoolOfficeIds(tx, order.adminId);
  return notifyPeople(tx, {
    adminId: order.buyerAdminId, userIds: sellers.filter((id) => id !== order.userId), kind: 'store-order-placed',
    title: `New order ${number}: ${formatMoney(order.grandTotalCents, order.currency)}`,
    body: `${order.firstName} ${order.lastName} ordered from the store.`,
    link: `/stores/order-details/${order.id}`, email: { appUrl },
    group: { key: `store-order-placed:${order.adminId}`, many: (n) => ({ title: `${n} new store orders`, body: `The latest: ${number} from ${order.firstName} ${order.lastName}.`, link: '/stores/order-listing/1' }) },
  });
}
