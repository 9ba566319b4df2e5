import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { storeProducts, storeSellers } from './store.js';
import { users } from './users.js';
import type { OrderStatus } from '../../../shared/contracts/store-orders.js';

/**
 * The store's buying side (issue 16, decision 046): carts, order addresses, orders, their lines
 * and status history. "Store" is a school's (admin_id the school) or the provider's (admin_id the
 * superadmin's id, provider true). A buyer always belongs to a school (buyer_admin_id), so an
 * order of the provider's store is read in the provider's scope and in the buyer's school's.
 */

/** Per store: the tax rate (basis points, 1 = 0.01 %) and the next order number ("#1001"). */
export const storeSettings = pgTable(
  'store_settings',
  {
    adminId: uuid('admin_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    provider: boolean('provider').notNull().default(false),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    nextOrderNumber: integer('next_order_number').notNull().default(1001),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('store_settings_tax_check', sql`${t.taxRateBp} >= 0 and ${t.taxRateBp} <= 10000`)],
);

/** A buyer's cart line: one row per product, its quantity. Prices are never kept here. */
export const storeCartItems = pgTable(
  'store_cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The buyer's school (row-level scope), not the store. */
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull().references(() => storeProducts.id, { onDelete: 'cascade' }),
    /** The store the product belongs to (a cart holds one store's items, decision 046). */
    storeAdminId: uuid('store_admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_cart_items_user_product_idx').on(t.userId, t.productId),
    check('store_cart_items_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/** The address a buyer ships to, kept per user (docs/domains/store.md "Data and calls": an order's address is kept per user). */
export const storeOrderAddresses = pgTable(
  'store_order_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_order_addresses_user_idx').on(t.userId)],
);

/**
 * An order of one store. The address is copied in (a later edit of the kept address never changes
 * a placed order), money is integer cents computed on the server. `payment_status` is the charge's
 * own life (decision 030's attempt): charging → charged | declined; a declined attempt keeps its
 * row (and number) but is never listed, and its stock is given back.
 */
export const storeOrders = pgTable(
  'store_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The store: a school's admin id, or the superadmin's for the provider's store. */
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: boolean('provider').notNull().default(false),
    /** Per store, from store_settings.next_order_number; shown as "#1001". */
    orderNumber: integer('order_number').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The buyer's school (its scope reads the order too). */
    buyerAdminId: uuid('buyer_admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    addressId: uuid('address_id').references(() => storeOrderAddresses.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    /** The store's rate when the order was placed. */
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    taxCents: integer('tax_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    grandTotalCents: integer('grand_total_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    /** none (no card charge: a zero total, or paid otherwise) | charging | charged | declined; 'charging' left by a lost answer waits for reconciliation. */
    paymentStatus: text('payment_status').notNull().default('charging'),
    /** The client's key for one checkout: the same key never charges twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    gateway: text('gateway'),
    testMode: boolean('test_mode').notNull().default(false),
    transactionId: text('transaction_id'),
    customerProfileId: text('customer_profile_id'),
    customerPaymentProfileId: text('customer_payment_profile_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** The gateway's words of the last charge or refund (never a card number). */
    paymentMessage: text('payment_message').notNull().default(''),
    refundTransactionId: text('refund_transaction_id'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_orders_number_idx').on(t.adminId, t.orderNumber),
    uniqueIndex('store_orders_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('store_orders_admin_created_idx').on(t.adminId, t.createdAt),
    index('store_orders_user_created_idx').on(t.userId, t.createdAt),
    index('store_orders_charging_idx').on(t.createdAt).where(sql`payment_status = 'charging'`),
    // The refund leases reconciliation looks for (decision 053): its sweep with nothing due is two index probes.
    index('store_orders_refunding_idx').on(t.updatedAt).where(sql`refund_transaction_id = 'refunding'`),
    check('store_orders_money_check', sql`${t.subtotalCents} >= 0 and ${t.taxCents} >= 0 and ${t.shippingCents} >= 0 and ${t.grandTotalCents} >= 0 and ${t.refundedCents} >= 0`),
    check('store_orders_status_check', sql`${t.status} in ('pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded')`),
    check('store_orders_payment_status_check', sql`${t.paymentStatus} in ('none', 'charging', 'charged', 'declined')`),
  ],
);

/** An order's line: what was bought, copied from the item when the order was placed. */
export const storeOrderItems = pgTable(
  'store_order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    buyerAdminId: uuid('buyer_admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull().references(() => storeOrders.id, { onDelete: 'cascade' }),
    /** Restricted: an item in an order is archived, never deleted (decision 046). */
    productId: uuid('product_id').notNull().references(() => storeProducts.id, { onDelete: 'restrict' }),
    sellerId: uuid('seller_id').references(() => storeSellers.id, { onDelete: 'set null' }),
    itemName: text('item_name').notNull(),
    itemCode: text('item_code'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
    taxApplicable: boolean('tax_applicable').notNull(),
    /** This line's shipping: the item's shipping times the quantity. */
    shippingCents: integer('shipping_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_order_items_order_idx').on(t.orderId),
    index('store_order_items_product_idx').on(t.productId),
    index('store_order_items_seller_idx').on(t.sellerId),
    check('store_order_items_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/** Every status change of an order: who, when, from, to. The first row (from null) is its placing. */
export const storeOrderStatusChanges = pgTable(
  'store_order_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    buyerAdminId: uuid('buyer_admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull().references(() => storeOrders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_order_status_changes_order_idx').on(t.orderId, t.createdAt)],
);
