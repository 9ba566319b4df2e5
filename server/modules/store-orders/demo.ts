import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { demoLogin, type DemoContext } from '../../db/seed-demo.js';
import { storeOrderAddresses, storeOrderItems, storeOrders, storeOrderStatusChanges, storeProducts, users } from '../../db/schema/index.js';
import type { OrderStatus } from '../../../shared/contracts/store-orders.js';
import { formatOrderNumber } from '../../../shared/contracts/store-orders.js';
import { changeStock } from '../store/index.js';
import { lineAmountCents, lineShippingCents, orderTotalsOf } from '../../../shared/money.js';
import { setTaxRate, takeOrderNumber } from './totals.js';

type DemoOrder = { username: string; items: [string, number][]; path: OrderStatus[]; age: number; charged: boolean };

/**
 * Orders of the demo (issue 16): Lily Chen's delivered order and Grace Chen's pending one, both
 * of Riverside's store, with their history, stock taken and kept addresses. Grace's was placed
 * without a card charge (payment_status 'none'): the office may mark it paid or cancel it.
 */
const ORDERS: DemoOrder[] = [
  { username: 'student', items: [['Digital Metronome', 1], ['Cleaning Cloth', 2]], path: ['pending', 'paid', 'processing', 'shipped', 'delivered'], age: 12, charged: true },
  { username: 'parent', items: [['Piano Adventures Lesson Book 1', 1]], path: ['pending'], age: 1, charged: false },
];

/**
 * Riverside's sales tax, 6.25 % (Illinois' state rate, where the demo's families live), so the
 * store's cart, checkout and orders show a real tax line on the items that say tax applies.
 */
export const DEMO_TAX_RATE_BP = 625;

const ADDRESS = { address1: '48 Maple Avenue', address2: null, city: 'Springfield', state: 'IL', postalCode: '62704', country: 'US' };

/** Also a spec's own Riverside's (ctx.login, docs/decisions/064-each-browser-spec-on-its-own-school.md). */
export async function seedStoreOrdersDemo(tx: Tx, now: Date, ctx?: DemoContext): Promise<void> {
  const [admin] = await tx.select().from(users).where(eq(users.username, demoLogin(ctx, 'admin')));
  if (!admin) throw new Error('The store orders demo needs the demo user admin');
  const names = ORDERS.flatMap((o) => o.items.map(([n]) => n));
  const products = await tx.select().from(storeProducts).where(and(eq(storeProducts.adminId, admin.id), inArray(storeProducts.itemName, names)));
  const at = (days: number, hours = 0) => new Date(now.getTime() - days * 86_400_000 + hours * 3_600_000);
  await setTaxRate(tx, admin.id, false, DEMO_TAX_RATE_BP);

  for (const demo of ORDERS) {
    const [buyer] = await tx.select().from(users).where(eq(users.username, demoLogin(ctx, demo.username)));
    if (!buyer) throw new Error(`The store orders demo needs the demo user ${demo.username}`);
    const lines = demo.items.map(([name, quantity]) => ({ product: products.find((p) => p.itemName === name)!, quantity }));
    const shipTo = { firstName: buyer.firstName, lastName: buyer.lastName, ...ADDRESS, phone: buyer.cellPhone || '(217) 555-0148', email: buyer.email || 'lily@example.com' };
    const [address] = await tx.insert(storeOrderAddresses).values({ adminId: admin.id, userId: buyer.id, ...shipTo, createdAt: at(demo.age) }).returning();
    const { number, taxRateBp } = await takeOrderNumber(tx, admin.id, false);
    const totals = orderTotalsOf(lines.map((l) => ({ ...l.product, quantity: l.quantity })), taxRateBp);
    const status = demo.path[demo.path.length - 1]!;
    const [order] = await tx.insert(storeOrders).values({
      adminId: admin.id, orderNumber: number, userId: buyer.id, buyerAdminId: admin.id, addressId: address!.id, ...shipTo, ...totals, status,
      paymentStatus: demo.charged ? 'charged' : 'none', idempotencyKey: `demo-order-${number}`, gateway: 'sandbox', testMode: true,
      transactionId: demo.charged ? `sbxt_${totals.grandTotalCents}_1111_demo${number}` : null, cardBrand: demo.charged ? 'Visa' : null, cardLast4: demo.charged ? '1111' : null,
      paidAt: demo.charged ? at(demo.age) : null, createdAt: at(demo.age), updatedAt: at(demo.age - demo.path.length + 1),
    }).returning();
    await tx.insert(storeOrderItems).values(lines.map((l) => ({
      adminId: admin.id, buyerAdminId: admin.id, orderId: order!.id, productId: l.product.id, sellerId: null, itemName: l.product.itemName, itemCode: l.product.itemCode,
      unitPriceCents: l.product.priceCents, quantity: l.quantity, lineTotalCents: lineAmountCents(l.quantity, l.product.priceCents), taxApplicable: l.product.taxApplicable,
      shippingCents: lineShippingCents(l.product.shippingCents, l.quantity), createdAt: at(demo.age),
    })));
    await tx.insert(storeOrderStatusChanges).values(demo.path.map((to, i) => ({
      adminId: admin.id, buyerAdminId: admin.id, orderId: order!.id, fromStatus: i === 0 ? null : demo.path[i - 1]!, toStatus: to,
      changedBy: i <= 1 ? buyer.id : admin.id, createdAt: at(demo.age - i, i),
    })));
    for (const l of lines) await changeStock(tx, { productId: l.product.id, adminId: admin.id, change: -l.quantity, reason: `Order ${formatOrderNumber(number)}`, by: buyer.id });
  }
}
