import { z } from 'zod';
import { ADDRESS_MAX, MAX_PAGE_SIZE, NAME_MAX, PAGE_SIZE } from '../constants.js';
import { listQuery, optionalText, requiredString, searchField, uuid, type ListResult } from './common.js';
import { personName } from './members.js';
import { moneyField } from './money.js';
import { requiredPhoneField } from './phone.js';
import { routesFor } from '../routes.js';
import type { Role } from '../roles.js';

/**
 * The store's selling side and browsing (issue 16, spec sections 3, 7, 9). A store item is a
 * product of a school's store (admin, sub-admin) or of the provider's (the superadmin). Its stock
 * changes only through an adjustment with a reason (or, later, an order), never by editing it.
 * Optional fields travel as null when empty (spec section 3).
 */
export const ITEM_CODE_MAX = 40;
export const CATEGORY_MAX = 60;
export const REASON_MAX = 200;
/** The largest stock a product may hold, and the largest single adjustment. */
export const STOCK_MAX = 100_000;
/** At or under this many left, Inventory marks an item "Low stock" (decision 045). */
export const LOW_STOCK_AT = 5;
/** How many items /store/search answers. */
export const PAGE_SIZE_SEARCH = 10;
/** The item image's own cap: the library takes up to 25 MB, a product picture needs far less. */
export const ITEM_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const STORE_MESSAGES = {
  itemNameRequired: 'Item Name is Required',
  itemNameMax: `Item Name should allow only ${NAME_MAX} characters.`,
  itemCodeMax: `Item Code should allow only ${ITEM_CODE_MAX} characters.`,
  priceRequired: 'Item Price is Required',
  quantityInvalid: `Please enter a whole number between 0 and ${STOCK_MAX}`,
  categoryRequired: 'Category Name is Required',
  categoryMax: `Category Name should allow only ${CATEGORY_MAX} characters.`,
  categoryTaken: 'This category already exists',
  categoryUnknown: 'Please choose a category of this store',
  imageUnknown: 'Please upload an image for this item',
  imageNotImage: 'The item image must be a picture (PNG, JPEG, GIF or WEBP)',
  imageTooLarge: `The item image is too large: the limit is ${ITEM_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
  sellerUnknown: 'Please choose a seller',
  changeInvalid: `Please enter a whole number between -${STOCK_MAX} and ${STOCK_MAX}, not 0`,
  reasonRequired: 'Reason is Required',
  reasonMax: `Reason should allow only ${REASON_MAX} characters.`,
  belowZero: 'Stock cannot go below zero',
  aboveMax: `Stock cannot go above ${STOCK_MAX}`,
  notFound: 'Item not found',
  categoryNotFound: 'Category not found',
  sellerNotFound: 'Seller not found',
  storeOff: 'The store is not part of this school’s plan',
  added: 'Item Added Successfully',
  updated: 'Item Updated Successfully',
  deleted: 'Item Deleted Successfully',
  categoryAdded: 'Category Added Successfully',
  categoryUpdated: 'Category Updated Successfully',
  categoryDeleted: 'Category Deleted Successfully',
  stockAdjusted: 'Stock Updated Successfully',
  sellerAdded: 'Seller Added Successfully',
  sellerUpdated: 'Seller Updated Successfully',
  sellerDeleted: 'Seller Deleted Successfully',
  schoolStoreSet: 'Store setting saved',
  addressRequired: 'Address is Required',
  addressMax: 'Address should allow only 100 characters.',
  stateRequired: 'State is Required',
  stateMax: 'State should allow only 100 characters.',
  postalRequired: 'Postal Code is Required',
  numericOnly: 'Should allow only Numeric Value',
  phoneRequired: 'Cell Phone is Required',
  outOfStock: 'Out of stock',
} as const;
const M = STORE_MESSAGES;

const wholeNumber = (message: string, min: number, max: number) =>
  z.union([z.number(), optionalText(12, message)])
    .transform((v) => (typeof v === 'number' ? v : v === '' ? Number.NaN : Number(v)))
    .refine((v) => Number.isInteger(v) && v >= min && v <= max, message);

/** Spec section 3's store item as the form sends it (item_image and select_category are ids). */
export const productFields = z.object({
  item_name: requiredString(M.itemNameRequired).max(NAME_MAX, M.itemNameMax),
  item_code: optionalText(ITEM_CODE_MAX, M.itemCodeMax).nullable().default(null),
  item_price: z.union([z.number(), requiredString(M.priceRequired).max(12, M.priceRequired)]).pipe(moneyField),
  shipping_cost: moneyField.nullable().default(null),
  tax_applicable: z.boolean().default(false),
  item_image: uuid.nullable().default(null),
  select_category: uuid.nullable().default(null),
  /** The provider's store only: whose goods these are. */
  sellerId: uuid.nullable().default(null),
});
/** A new item: its opening stock is the quantity (recorded as the first adjustment). */
export const addProductBody = productFields.extend({ quantity: wholeNumber(M.quantityInvalid, 0, STOCK_MAX) });
export type ProductFormValues = z.input<typeof addProductBody>;
/** A change: the stock is not a field of the form (Inventory adjusts it, with a reason). */
export const updateProductBody = productFields.extend({ id: uuid });
export const productIdBody = z.object({ id: uuid });
export const productIdParams = z.object({ id: uuid });

/** The managed list (/stores/product-listing): the caller's store, ten a page (spec section 9). */
export const storeListBody = listQuery(['createdAt', 'item_name', 'item_price', 'quantity'] as const, PAGE_SIZE.store).extend({
  item_name: searchField.optional(),
  select_category: uuid.nullable().optional(),
});
export type StoreListQuery = z.input<typeof storeListBody>;

export const STORE_KINDS = ['school', 'provider'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];
/** Browsing (/store): the school's store and the provider's, or one of them. */
export const browseListBody = storeListBody.extend({ store: z.enum(STORE_KINDS).optional() });
export type BrowseListQuery = z.input<typeof browseListBody>;
/** /store/search: the first ten items whose name has these letters, of both stores. */
export const searchBody = z.object({ item_name: searchField.default('') });

export const categoryBody = z.object({ name: requiredString(M.categoryRequired).max(CATEGORY_MAX, M.categoryMax) });
export const updateCategoryBody = categoryBody.extend({ categoryId: uuid });
export const categoryIdBody = z.object({ categoryId: uuid });

export const stockListBody = listQuery(['item_name', 'quantity', 'createdAt'] as const, PAGE_SIZE.store).extend({
  item_name: searchField.optional(),
  lowOnly: z.boolean().default(false),
});
export type StockListQuery = z.input<typeof stockListBody>;
export const adjustStockBody = z.object({
  productId: uuid,
  change: wholeNumber(M.changeInvalid, -STOCK_MAX, STOCK_MAX).refine((v) => v !== 0, M.changeInvalid),
  reason: requiredString(M.reasonRequired).max(REASON_MAX, M.reasonMax),
});
export type AdjustStockValues = z.input<typeof adjustStockBody>;
export const stockHistoryBody = listQuery(['createdAt'] as const, PAGE_SIZE.store).extend({ productId: uuid });

export const sellerBody = z.object({
  first_name: personName('First Name'),
  last_name: personName('Last Name'),
  address: requiredString(M.addressRequired).max(ADDRESS_MAX, M.addressMax),
  state: requiredString(M.stateRequired).max(ADDRESS_MAX, M.stateMax),
  postal_code: requiredString(M.postalRequired).max(8, M.numericOnly).regex(/^[0-9\s\-+()]{1,8}$/, M.numericOnly),
  cell_phone: requiredPhoneField(M.phoneRequired),
});
export type SellerFormValues = z.input<typeof sellerBody>;
export const sellerIdParams = z.object({ id: uuid });
/** Spec section 7: GET /seller/get with page and limit, or isDropDown for every seller at once. */
export const sellerListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE.store),
  isDropDown: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  search: searchField.optional(),
});

/** The superadmin opens or closes a school's store (its plan sets it too, on booking and renewal). */
export const schoolStoreBody = z.object({ adminId: uuid, showStore: z.boolean() });

/** Whether /store is open to this person: their route table has it and their school the store. */
export function hasStore(user: { role: Role; showStore: boolean }): boolean {
  return routesFor(user.role).some((r) => r.path === '/store') && (user.role === 'superadmin' || user.showStore);
}

// --- answers -------------------------------------------------------------------------------

export const storeKind = z.enum(STORE_KINDS);
export const itemImage = z.object({ _id: z.string(), location: z.string() });
export type ItemImage = z.infer<typeof itemImage>;
export type StoreCategory = { _id: string; name: string; productCount: number };
export type SellerRef = { _id: string; first_name: string; last_name: string };
export type StoreItem = {
  _id: string;
  store: StoreKind;
  item_name: string;
  item_code: string | null;
  item_price: number;
  quantity: number;
  shipping_cost: number | null;
  tax_applicable: boolean;
  /** A list of entries with location, as the invoices of spec section 3 read it; empty when none. */
  item_image: ItemImage[];
  select_category: { _id: string; name: string } | null;
  seller: SellerRef | null;
  inStock: boolean;
  lowStock: boolean;
  createdAt: string;
  updatedAt: string;
};
export type StoreListAnswer = ListResult<StoreItem>;
export type StockAdjustment = {
  _id: string;
  change: number;
  stockAfter: number;
  reason: string;
  by: { _id: string; first_name: string; last_name: string } | null;
  createdAt: string;
};
export type StockListAnswer = ListResult<StoreItem, { lowStockCount: number }>;
export type Seller = SellerRef & { address: string; state: string; postal_code: string; cell_phone: string; productCount: number; createdAt: string };
export type SellerListAnswer = ListResult<Seller>;
