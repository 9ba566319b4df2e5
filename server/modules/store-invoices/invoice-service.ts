import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { storeOrders, storeSellers, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/http-errors.js';
import type { FileLinkSigner } from '../../services/storage/signed-links.js';
import { dollarsOf } from '../../../shared/money.js';
import { INVOICE_TERMS, type InvoiceSeller, type StoreInvoice } from '../../../shared/contracts/store-invoices.js';
import { ORDER_MESSAGES } from '../../../shared/contracts/store-orders.js';
import { orderDetailsWithMoney, storeScope, type OrderMoney } from '../store-orders/index.js';

/**
 * The seller of an order's vendor invoice: a provider order's is the seller whose goods it holds
 * (read in the provider's scope); a school's own store is its own seller (the school's owner's
 * name and address).
 */
async function sellerOf(db: Database, order: { adminId: string; provider: boolean }, sellerIds: string[], schoolName: string): Promise<InvoiceSeller> {
  return db.transaction(storeScope(order), async (tx) => {
    if (order.provider && sellerIds.length > 0) {
      const [s] = await tx.select().from(storeSellers).where(inArray(storeSellers.id, sellerIds)).limit(1);
      if (s) return { first_name: s.firstName, last_name: s.lastName, address: s.address, state: s.state, postal_code: s.postalCode, cell_phone: s.cellPhone };
    }
    const [owner] = await tx.select().from(users).where(eq(users.id, order.adminId));
    return {
      first_name: order.provider ? `${owner?.firstName ?? ''}`.trim() : schoolName, last_name: order.provider ? (owner?.lastName ?? '') : '',
      address: [owner?.address1, owner?.city].filter(Boolean).join(', '), state: owner?.state ?? '', postal_code: owner?.postalCode ?? '', cell_phone: owner?.cellPhone ?? '',
    };
  });
}

/** An invoice's money as the order's rows keep it, in the order's currency: what its PDF prints. */
export type StoreInvoiceMoney = OrderMoney;

/**
 * An order's customer invoice (type 1) or vendor invoice (type 2). Who may open it is the
 * order's own rule (policies/store-orders.ts): the invoices the order's details offer the viewer
 * (`invoicesOffered`: the customer invoice to whoever may open the order, the vendor invoice to
 * its store's staff and the superadmin, not to the buyer); anyone else is told it does not exist.
 */
export async function storeInvoice(db: Database, signer: FileLinkSigner, actor: Actor, id: string, type: number): Promise<StoreInvoice> {
  return (await storeInvoiceWithMoney(db, signer, actor, id, type)).invoice;
}

/** storeInvoice with its money in cents from the order's rows (a vendor invoice's total is its goods and their tax). */
export async function storeInvoiceWithMoney(
  db: Database, signer: FileLinkSigner, actor: Actor, id: string, type: number,
): Promise<{ invoice: StoreInvoice; money: StoreInvoiceMoney }> {
  const { details: order, money } = await orderDetailsWithMoney(db, signer, actor, id);
  if (!order.invoices.includes(type === 1 ? 'customer' : 'vendor')) throw notFound(ORDER_MESSAGES.orderNotFound);
  const base = {
    _id: order._id, order_number: order.orderNo, createdAt: order.createdAt, status: order.status, items: order.items,
    subTotal: order.subTotal, taxApplicable: order.tax, grandTotal: order.grandTotal,
  };
  if (type === 1) {
    return { invoice: { ...base, type: 1, userId: order.userId, addressId: order.addressId, totalShippingCost: order.totalShippingCost, terms: INVOICE_TERMS.customer }, money };
  }
  const sellerIds = [...new Set(order.items.flatMap((i) => (i.sellerId ? [i.sellerId] : [])))];
  // The order was just allowed to the actor, so its scope reads the row: whose store it is.
  const [store] = await db.transaction(actor.tenant, (tx) => tx.select({ adminId: storeOrders.adminId, provider: storeOrders.provider }).from(storeOrders).where(eq(storeOrders.id, id)));
  const seller = await sellerOf(db, store!, sellerIds, order.storeName);
  // The seller bills its goods: the vendor invoice has no shipping (docs/domains/store.md), so its total is the goods and their tax
  // (the customer's total would not add up on a sheet that shows no shipping line).
  const goodsCents = money.subtotalCents + money.taxCents;
  return {
    invoice: { ...base, grandTotal: dollarsOf(goodsCents), type: 2, seller, addressId: order.addressId, terms: INVOICE_TERMS.vendor },
    money: { ...money, grandTotalCents: goodsCents },
  };
}
