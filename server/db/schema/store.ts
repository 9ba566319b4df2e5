import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { libraryFiles } from './library.js';
import { users } from './users.js';

/**
 * The store (issue 16). Every row belongs to a store: a school's (admin_id the school) or the
 * provider's (admin_id the superadmin's id, provider true), which every school reads.
 */
export const storeCategories = pgTable(
  'store_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: boolean('provider').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_categories_name_idx').on(t.adminId, sql`lower(${t.name})`)],
);

/** The provider's sellers: whose goods a provider product is (docs/domains/store.md "Data and calls"'s seller). */
export const storeSellers = pgTable(
  'store_sellers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    address: text('address').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    cellPhone: text('cell_phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_sellers_admin_idx').on(t.adminId, t.createdAt)],
);

/**
 * A store item. `stock` is changed only by changeStock (store/stock.ts): one guarded UPDATE and an
 * adjustment row in the same transaction, so concurrent buyers can never take it below zero.
 */
export const storeProducts = pgTable(
  'store_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: boolean('provider').notNull().default(false),
    itemName: text('item_name').notNull(),
    itemCode: text('item_code'),
    priceCents: integer('price_cents').notNull(),
    shippingCents: integer('shipping_cents'),
    taxApplicable: boolean('tax_applicable').notNull().default(false),
    stock: integer('stock').notNull().default(0),
    imageFileId: uuid('image_file_id').references(() => libraryFiles.id, { onDelete: 'set null' }),
    categoryId: uuid('category_id').references(() => storeCategories.id, { onDelete: 'set null' }),
    sellerId: uuid('seller_id').references(() => storeSellers.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set instead of deleting an item some order names (decision 046): hidden from the store. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    index('store_products_admin_idx').on(t.adminId, t.createdAt),
    index('store_products_provider_idx').on(t.createdAt).where(sql`provider`),
    check('store_products_stock_check', sql`${t.stock} >= 0`),
    check('store_products_price_check', sql`${t.priceCents} >= 0 and coalesce(${t.shippingCents}, 0) >= 0`),
  ],
);

/** Every change of a product's stock: how much, what it left, why and by whom. */
export const storeStockAdjustments = pgTable(
  'store_stock_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull().references(() => storeProducts.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').notNull(),
    adjustedBy: uuid('adjusted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_stock_adjustments_product_idx').on(t.productId, t.createdAt)],
);

/**
 * The store widget's items (issue 16): which of a school's products its embeddable store shows,
 * in the order the admin put them. A product is one school's, so it appears at most once.
 */
export const storeWidgetItems = pgTable(
  'store_widget_items',
  {
    productId: uuid('product_id').primaryKey().references(() => storeProducts.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [index('store_widget_items_admin_idx').on(t.adminId, t.position)],
);
