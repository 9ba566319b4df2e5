import type { storeOrderAddresses } from '../../db/schema/index.js';
import type { FileRef } from '../../../shared/contracts/library.js';
import { dollarsOf, lineAmountCents, lineShippingCents, type TotalsCents } from '../../../shared/money.js';
import {
  formatOrderNumber, type CartAnswer, type OrderAddress, type OrderDetails, type OrderInvoiceKind, type OrderPaymentStatus, type OrderStatus, type OrderStatusChange, type OrderSummary, type Totals,
} from '../../../shared/contracts/store-orders.js';
import type { Cart } from './cart.js';
import { REFUNDING } from './settle-order.js';
import type { OrderRow } from './order-row.js';

export type { OrderRow };
export type SummaryRow = {
  order: OrderRow;
  buyerFirst: string | null;
  buyerLast: string | null;
  buyerSchool: string | null;
  storeSchool: string | null;
  itemCount: number;
};
export type ItemRow = {
  id: string; productId: string; sellerId: string | null; itemName: string; itemCode: string | null; unitPriceCents: number; quantity: number;
  lineTotalCents: number; shippingCents: number; taxApplicable: boolean; imageFileId: string | null;
};
export type HistoryRow = { id: string; fromStatus: string | null; toStatus: string; changedBy: string | null; byFirst: string | null; byLast: string | null; createdAt: Date };

/** The provider's store as buyers see it named. */
export const PROVIDER_STORE_NAME = 'Cadenza Store';

export function presentTotals(t: TotalsCents): Totals {
  return {
    subTotal: dollarsOf(t.subtotalCents), tax: dollarsOf(t.taxCents), taxRate: t.taxRateBp / 100,
    totalShippingCost: dollarsOf(t.shippingCents), grandTotal: dollarsOf(t.grandTotalCents),
  };
}

const imageList = (image: FileRef | undefined) => (image ? [{ _id: image._id, location: image.url }] : []);

export function presentCart(cart: Cart, images: Map<string, FileRef>): CartAnswer {
  return {
    ...presentTotals(cart.totals),
    store: cart.storeAdminId === null ? null : cart.provider ? 'provider' : 'school',
    count: cart.rows.reduce((n, r) => n + r.quantity, 0),
    results: cart.rows.map((r) => ({
      _id: r.id,
      storeId: {
        _id: r.product.id, item_name: r.product.itemName, item_code: r.product.itemCode,
        item_image: imageList(r.product.imageFileId ? images.get(r.product.imageFileId) : undefined), quantity: r.product.stock,
      },
      store: r.product.provider ? 'provider' : 'school',
      price: dollarsOf(r.product.priceCents),
      quantity: r.quantity,
      total: dollarsOf(lineAmountCents(r.quantity, r.product.priceCents)),
      shipping: dollarsOf(lineShippingCents(r.product.shippingCents, r.quantity)),
      taxApplicable: r.product.taxApplicable,
      short: r.quantity > r.product.stock,
    })),
  };
}

export function presentAddress(a: typeof storeOrderAddresses.$inferSelect | OrderRow, id: string): OrderAddress {
  return {
    _id: id, first_name: a.firstName, last_name: a.lastName, address1: a.address1, address2: a.address2, city: a.city, state: a.state,
    postal_code: a.postalCode, country: a.country, cellPhone: a.phone, email: a.email,
  };
}

export function presentSummary(r: SummaryRow): OrderSummary {
  const o = r.order;
  return {
    _id: o.id,
    order_number: o.orderNumber,
    orderNo: formatOrderNumber(o.orderNumber),
    store: o.provider ? 'provider' : 'school',
    storeName: o.provider ? PROVIDER_STORE_NAME : (r.storeSchool ?? ''),
    status: o.status,
    userId: { _id: o.userId, first_name: r.buyerFirst ?? '', last_name: r.buyerLast ?? '', school_name: r.buyerSchool ?? '' },
    itemCount: r.itemCount,
    createdAt: o.createdAt.toISOString(),
    ...presentTotals({ subtotalCents: o.subtotalCents, taxCents: o.taxCents, shippingCents: o.shippingCents, grandTotalCents: o.grandTotalCents, taxRateBp: o.taxRateBp }),
  };
}

export function presentHistory(h: HistoryRow): OrderStatusChange {
  return {
    _id: h.id, from: h.fromStatus as OrderStatus | null, to: h.toStatus as OrderStatus,
    by: h.changedBy && h.byFirst !== null ? { _id: h.changedBy, first_name: h.byFirst, last_name: h.byLast ?? '' } : null,
    createdAt: h.createdAt.toISOString(),
  };
}

export function presentDetails(
  r: SummaryRow, items: ItemRow[], history: HistoryRow[], images: Map<string, FileRef>, nextStatuses: readonly OrderStatus[],
  invoices: readonly OrderInvoiceKind[],
): OrderDetails {
  const o = r.order;
  return {
    ...presentSummary(r),
    addressId: presentAddress(o, o.addressId ?? o.id),
    items: items.map((i) => ({
      _id: i.id,
      storeId: { _id: i.productId, item_name: i.itemName, item_code: i.itemCode, item_image: imageList(i.imageFileId ? images.get(i.imageFileId) : undefined) },
      sellerId: i.sellerId,
      price: dollarsOf(i.unitPriceCents),
      quantity: i.quantity,
      total: dollarsOf(i.lineTotalCents),
      shipping: dollarsOf(i.shippingCents),
      taxApplicable: i.taxApplicable,
    })),
    payment: {
      cardBrand: o.cardBrand, cardLast4: o.cardLast4, transactionId: o.transactionId, testMode: o.testMode,
      refunded: dollarsOf(o.refundedCents), paidAt: o.paidAt?.toISOString() ?? null,
      status: o.paymentStatus as OrderPaymentStatus, refunding: o.refundTransactionId === REFUNDING,
    },
    history: history.map(presentHistory),
    nextStatuses: [...nextStatuses],
    invoices: [...invoices],
  };
}
