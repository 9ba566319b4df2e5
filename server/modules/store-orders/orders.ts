import { aliasedTable, and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.js';
import { schools, storeOrderItems, storeOrders, storeOrderStatusChanges, storeProducts, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { offsetOf, totalOf, totalRows } from '../../lib/paging.js';
import { decideUpdateOrder, decideViewOrder, invoicesOffered, mayListStoreOrders, nextStatusesOf } from '../../policies/store-orders.js';
import type { FileLinkSigner } from '../../services/storage/signed-links.js';
import { ORDER_MESSAGES as M, type buyerOrderListBody, type OrderDetails, type storeOrderListBody } from '../../../shared/contracts/store-orders.js';
import { enforce, itemImages } from '../store/index.js';
import { assertBuyer } from './cart.js';
import { REFUNDING } from './settle-order.js';
import { presentDetails, presentSummary, type HistoryRow, type ItemRow, type OrderRow, type SummaryRow } from './presenter.js';
import { schoolZoneSql } from '../../lib/school-clock.js';

const buyerSchools = aliasedTable(schools, 'buyer_schools');
const storeSchools = aliasedTable(schools, 'store_schools');
const changers = aliasedTable(users, 'changers');

/** A declined attempt keeps its row (and number) but is no order: no list or page shows it. */
const placed = ne(storeOrders.paymentStatus, 'declined');

/** The order's calendar day in its buyer's school's zone, for the lists' start and end dates. */
const orderDay = sql`(${storeOrders.createdAt} at time zone ${schoolZoneSql(buyerSchools)})::date`;

function dateFilters(q: { startdate?: string; enddate?: string }): SQL[] {
  return [
    ...(q.startdate ? [sql`${orderDay} >= ${q.startdate}::date`] : []),
    ...(q.enddate ? [sql`${orderDay} <= ${q.enddate}::date`] : []),
  ];
}

const SORT = { createdAt: storeOrders.createdAt, order_number: storeOrders.orderNumber, grandTotal: storeOrders.grandTotalCents } as const;

async function selectSummaries(tx: Tx, where: SQL, q: { page: number; limit: number; sortBy: keyof typeof SORT; orderBy: -1 | 1 }) {
  const column = SORT[q.sortBy];
  const rows = await tx.select({
    order: storeOrders, buyerFirst: users.firstName, buyerLast: users.lastName, buyerSchool: buyerSchools.schoolName, storeSchool: storeSchools.schoolName,
    itemCount: sql<number>`(select coalesce(sum(i.quantity), 0) from store_order_items i where i.order_id = ${storeOrders.id})`.mapWith(Number),
    total: totalRows,
  }).from(storeOrders)
    .leftJoin(users, eq(users.id, storeOrders.userId))
    .leftJoin(buyerSchools, eq(buyerSchools.adminId, storeOrders.buyerAdminId))
    .leftJoin(storeSchools, eq(storeSchools.adminId, storeOrders.adminId))
    .where(where)
    .orderBy(q.orderBy === 1 ? asc(column) : desc(column), desc(storeOrders.id))
    .limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => (await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(storeOrders)
    .leftJoin(buyerSchools, eq(buyerSchools.adminId, storeOrders.buyerAdminId)).where(where))[0]!.n);
  return { rows: rows.map(presentSummary), total };
}

/** /order/getorderList: the caller's own orders. */
export function buyerOrderList(tx: Tx, actor: Actor, q: z.output<typeof buyerOrderListBody>) {
  assertBuyer(actor);
  const where = and(eq(storeOrders.userId, actor.id), placed, ...(q.status ? [eq(storeOrders.status, q.status)] : []), ...dateFilters(q))!;
  return selectSummaries(tx, where, q);
}

/** /order/orderList: the superadmin every store's orders; a school's staff their store's. */
export function storeOrderList(tx: Tx, actor: Actor, q: z.output<typeof storeOrderListBody>) {
  if (!mayListStoreOrders(actor)) throw forbidden();
  const store = actor.role === 'superadmin'
    ? (q.store ? eq(storeOrders.provider, q.store === 'provider') : sql`true`)
    : and(eq(storeOrders.adminId, actor.adminId!), eq(storeOrders.provider, false))!;
  const where = and(store, placed, ...(q.status ? [eq(storeOrders.status, q.status)] : []), ...dateFilters(q))!;
  return selectSummaries(tx, where, q);
}

/** An order as row-level security lets the caller see it (its store's scope or its buyer's school's). */
export async function orderRow(tx: Tx, id: string): Promise<OrderRow> {
  const [row] = await tx.select().from(storeOrders).where(and(eq(storeOrders.id, id), placed));
  if (!row) throw notFound(M.orderNotFound);
  return row;
}

async function summaryOf(tx: Tx, id: string): Promise<SummaryRow> {
  const [row] = await tx.select({
    order: storeOrders, buyerFirst: users.firstName, buyerLast: users.lastName, buyerSchool: buyerSchools.schoolName, storeSchool: storeSchools.schoolName,
    itemCount: sql<number>`(select coalesce(sum(i.quantity), 0) from store_order_items i where i.order_id = ${storeOrders.id})`.mapWith(Number),
  }).from(storeOrders)
    .leftJoin(users, eq(users.id, storeOrders.userId))
    .leftJoin(buyerSchools, eq(buyerSchools.adminId, storeOrders.buyerAdminId))
    .leftJoin(storeSchools, eq(storeSchools.adminId, storeOrders.adminId))
    .where(eq(storeOrders.id, id));
  if (!row) throw notFound(M.orderNotFound);
  return row;
}

/** An order's money as its rows keep it: cents and the order's currency (its printed invoice reads these, never the JSON's dollars). */
export type OrderMoney = {
  currency: string;
  items: { id: string; unitPriceCents: number; lineTotalCents: number }[];
  subtotalCents: number; taxCents: number; shippingCents: number; grandTotalCents: number;
};

/**
 * /stores/order-details/{id}: the order with its lines, address, payment and history, for its
 * buyer, its store's staff and the superadmin. Read in the caller's scope: the buyer's school
 * reads a provider order by the buyer-school policy.
 */
export async function orderDetails(db: Database, signer: FileLinkSigner, actor: Actor, id: string): Promise<OrderDetails> {
  return (await orderDetailsWithMoney(db, signer, actor, id)).details;
}

/** orderDetails with the order's money in cents, for its invoice. */
export async function orderDetailsWithMoney(db: Database, signer: FileLinkSigner, actor: Actor, id: string): Promise<{ details: OrderDetails; money: OrderMoney }> {
  const found = await db.transaction(actor.tenant, async (tx) => {
    const order = await orderRow(tx, id);
    enforce(decideViewOrder(actor, order), M.orderNotFound);
    const summary = await summaryOf(tx, id);
    const items: ItemRow[] = await tx.select({
      id: storeOrderItems.id, productId: storeOrderItems.productId, sellerId: storeOrderItems.sellerId, itemName: storeOrderItems.itemName,
      itemCode: storeOrderItems.itemCode, unitPriceCents: storeOrderItems.unitPriceCents, quantity: storeOrderItems.quantity,
      lineTotalCents: storeOrderItems.lineTotalCents, shippingCents: storeOrderItems.shippingCents, taxApplicable: storeOrderItems.taxApplicable,
      imageFileId: storeProducts.imageFileId,
    }).from(storeOrderItems).leftJoin(storeProducts, eq(storeProducts.id, storeOrderItems.productId))
      .where(eq(storeOrderItems.orderId, id)).orderBy(asc(storeOrderItems.createdAt), asc(storeOrderItems.id));
    const history: HistoryRow[] = await tx.select({
      id: storeOrderStatusChanges.id, fromStatus: storeOrderStatusChanges.fromStatus, toStatus: storeOrderStatusChanges.toStatus,
      changedBy: storeOrderStatusChanges.changedBy, byFirst: changers.firstName, byLast: changers.lastName, createdAt: storeOrderStatusChanges.createdAt,
    }).from(storeOrderStatusChanges).leftJoin(changers, eq(changers.id, storeOrderStatusChanges.changedBy))
      .where(eq(storeOrderStatusChanges.orderId, id)).orderBy(asc(storeOrderStatusChanges.createdAt), asc(storeOrderStatusChanges.id));
    return { order, summary, items, history };
  });
  const { order, summary, items, history } = found;
  const images = await itemImages(db, signer, actor, items.map((i) => ({ adminId: order.adminId, provider: order.provider, imageFileId: i.imageFileId })));
  // A charge or a refund waiting for its gateway answer allows no move (the page says it is being confirmed).
  const waiting = order.paymentStatus === 'charging' || order.refundTransactionId === REFUNDING;
  const next = decideUpdateOrder(actor, order) === 'allow' && !waiting ? nextStatusesOf(order.status) : [];
  return {
    details: presentDetails(summary, items, history, images, next, invoicesOffered(actor, order)),
    money: {
      currency: order.currency,
      items: items.map((i) => ({ id: i.id, unitPriceCents: i.unitPriceCents, lineTotalCents: i.lineTotalCents })),
      subtotalCents: order.subtotalCents, taxCents: order.taxCents, shippingCents: order.shippingCents, grandTotalCents: order.grandTotalCents,
    },
  };
}
