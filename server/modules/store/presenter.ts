import type { InferSelectModel } from 'drizzle-orm';
import type { storeProducts, storeSellers } from '../../db/schema/index.js';
import { dollarsOf } from '../../../shared/money.js';
import type { FileRef } from '../../../shared/contracts/library.js';
import { LOW_STOCK_AT, type Seller, type StockAdjustment, type StoreItem } from '../../../shared/contracts/store.js';

export type ProductRow = InferSelectModel<typeof storeProducts>;
/** A product with the names it points at, as every list selects it. */
export type ProductWithNames = ProductRow & {
  categoryName: string | null;
  sellerFirst: string | null;
  sellerLast: string | null;
};

export function presentItem(row: ProductWithNames, image: FileRef | undefined): StoreItem {
  return {
    _id: row.id,
    store: row.provider ? 'provider' : 'school',
    item_name: row.itemName,
    item_code: row.itemCode,
    item_price: dollarsOf(row.priceCents),
    quantity: row.stock,
    shipping_cost: row.shippingCents === null ? null : dollarsOf(row.shippingCents),
    tax_applicable: row.taxApplicable,
    item_image: image ? [{ _id: image._id, location: image.url }] : [],
    select_category: row.categoryId && row.categoryName !== null ? { _id: row.categoryId, name: row.categoryName } : null,
    seller: row.sellerId && row.sellerFirst !== null ? { _id: row.sellerId, first_name: row.sellerFirst, last_name: row.sellerLast ?? '' } : null,
    inStock: row.stock > 0,
    lowStock: row.stock <= LOW_STOCK_AT,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type SellerRow = InferSelectModel<typeof storeSellers> & { productCount: number };

export function presentSeller(row: SellerRow): Seller {
  return {
    _id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    address: row.address,
    state: row.state,
    postal_code: row.postalCode,
    cell_phone: row.cellPhone,
    productCount: row.productCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export type AdjustmentRow = {
  id: string; change: number; stockAfter: number; reason: string; adjustedBy: string | null;
  byFirst: string | null; byLast: string | null; createdAt: Date;
};

export function presentAdjustment(row: AdjustmentRow): StockAdjustment {
  return {
    _id: row.id,
    change: row.change,
    stockAfter: row.stockAfter,
    reason: row.reason,
    by: row.adjustedBy && row.byFirst !== null ? { _id: row.adjustedBy, first_name: row.byFirst, last_name: row.byLast ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
  };
}
