import { z } from 'zod';
import { ADDRESS_MAX, MAX_PAGE_SIZE, NAME_MAX, PAGE_SIZE } from '../constants.js';
import { listQuery, optionalText, requiredString, searchField, uuid, type ListResult } from './common.js';
import { personName } from './members.js';
import { moneyField } from './money.js';
import { requiredPhoneField } from './phone.js';
import { routesFor } from '../routes.js';
import { defineRoute, listResultOf, noData } from './route.js';
import { STAFF_OR_PROVIDER_ROLES, type Role } from '../roles.js';

/**
 * The store's selling side and browsing (issue 16, docs/domains/store.md "Data and calls", "Limits"). A store item is a
 * product of a school's store (admin, sub-admin) or of the provider's (the superadmin). Its stock
 * changes only through an adjustment with a reason (or, later, an order), never by editing it.
 * Optional fields travel as null when empty (docs/domains/store.md "Data and calls").
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

/** docs/domains/store.md "Data and calls"'s store item as the form sends it (item_image and select_category are ids). */
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

/** The managed list (/stores/product-listing): the caller's store, ten a page (docs/domains/store.md "Limits"). */
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
/** docs/domains/store.md "Data and calls": GET /seller/get with page and limit, or isDropDown for every seller at once. */
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

/** /store/schoolStore: whether this school has the store (the superadmin asks). */
export const schoolStoreQueryBody = z.object({ adminId: uuid });

// --- answers -------------------------------------------------------------------------------

export const storeKind = z.enum(STORE_KINDS);
export const itemImage = z.object({ _id: z.string(), location: z.string() });
export type ItemImage = z.infer<typeof itemImage>;
export const storeCategory = z.object({ _id: z.string(), name: z.string(), productCount: z.number() });
export type StoreCategory = z.infer<typeof storeCategory>;
const personRef = z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() });
export const sellerRef = personRef;
export type SellerRef = z.infer<typeof sellerRef>;
export const storeItem = z.object({
  _id: z.string(),
  store: storeKind,
  item_name: z.string(),
  item_code: z.string().nullable(),
  item_price: z.number(),
  quantity: z.number(),
  shipping_cost: z.number().nullable(),
  tax_applicable: z.boolean(),
  /** A list of entries with location, as the invoices of docs/domains/store.md "Data and calls" read it; empty when none. */
  item_image: z.array(itemImage),
  select_category: z.object({ _id: z.string(), name: z.string() }).nullable(),
  seller: sellerRef.nullable(),
  inStock: z.boolean(),
  lowStock: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoreItem = z.infer<typeof storeItem>;
export type StoreListAnswer = ListResult<StoreItem>;
export const stockAdjustment = z.object({
  _id: z.string(),
  change: z.number(),
  stockAfter: z.number(),
  reason: z.string(),
  by: personRef.nullable(),
  createdAt: z.string(),
});
export type StockAdjustment = z.infer<typeof stockAdjustment>;
const stockListAnswer = listResultOf(storeItem).extend({ lowStockCount: z.number() });
export type StockListAnswer = z.infer<typeof stockListAnswer>;
export const seller = sellerRef.extend({
  address: z.string(), state: z.string(), postal_code: z.string(), cell_phone: z.string(), productCount: z.number(), createdAt: z.string(),
});
export type Seller = z.infer<typeof seller>;
export type SellerListAnswer = ListResult<Seller>;
const schoolStoreAnswer = z.object({ adminId: z.string(), showStore: z.boolean() });
export type SchoolStore = z.infer<typeof schoolStoreAnswer>;

// --- routes (decision 059) ----------------------------------------------------------------

/**
 * Who may call the store's routes; server/policies/store.ts decides with the same lists (issue 24:
 * one list, one place). Keeping items and categories is STAFF_OR_PROVIDER_ROLES (shared/roles.ts).
 * A school without the store is refused by the routes' own check (decision 045).
 */
/** Browsing (/store): every role whose route table has it; parents have no store. */
export const STORE_BROWSE_ROLES = ['superadmin', 'admin', 'subadmin', 'teacher', 'student'] as const satisfies readonly Role[];
/**
 * Product Listing read: the store's keepers, and a teacher, who reads their school's items without
 * changing them (decision 090).
 */
export const STORE_LISTING_ROLES = [...STAFF_OR_PROVIDER_ROLES, 'teacher'] as const satisfies readonly Role[];
/** Stock (Inventory): the school's admin alone, or the provider for its own store. */
export const STORE_STOCK_ROLES = ['superadmin', 'admin'] as const satisfies readonly Role[];
/** Sellers: the provider alone. */
export const STORE_SELLER_ROLES = ['superadmin'] as const satisfies readonly Role[];

const tags = ['store'] as const;
const manage = { roles: STAFF_OR_PROVIDER_ROLES, tags } as const;
const listing = { roles: STORE_LISTING_ROLES, tags, lapsedSchool: 'open' } as const;
const browse = { roles: STORE_BROWSE_ROLES, tags } as const;
const stock = { roles: STORE_STOCK_ROLES, tags } as const;
const superadmin = { roles: STORE_SELLER_ROLES, tags } as const;

export const STORE_ROUTES = {
  list: defineRoute({ method: 'POST', path: '/store/getStoreList', body: storeListBody, response: listResultOf(storeItem), meta: listing }),
  add: defineRoute({ method: 'POST', path: '/store/addstore', body: addProductBody, response: storeItem, meta: manage }),
  update: defineRoute({ method: 'POST', path: '/store/updateStore', body: updateProductBody, response: storeItem, meta: manage }),
  remove: defineRoute({ method: 'DELETE', path: '/store/removeStore', body: productIdBody, response: noData, meta: manage }),
  view: defineRoute({ method: 'GET', path: '/store/viewsingleProduct/:id', params: productIdParams, response: storeItem, meta: browse }),
  search: defineRoute({ method: 'POST', path: '/store/search', body: searchBody, response: z.object({ results: z.array(storeItem), totalCount: z.number() }), meta: browse }),
  categories: defineRoute({ method: 'POST', path: '/store/category/list', response: z.object({ results: z.array(storeCategory) }), meta: listing }),
  addCategory: defineRoute({ method: 'POST', path: '/store/category/add', body: categoryBody, response: storeCategory, meta: manage }),
  updateCategory: defineRoute({ method: 'POST', path: '/store/category/update', body: updateCategoryBody, response: storeCategory, meta: manage }),
  removeCategory: defineRoute({ method: 'DELETE', path: '/store/category/remove', body: categoryIdBody, response: noData, meta: manage }),
  stockList: defineRoute({ method: 'POST', path: '/store/stock/list', body: stockListBody, response: stockListAnswer, meta: { ...stock, lapsedSchool: 'open' } }),
  adjustStock: defineRoute({ method: 'POST', path: '/store/stock/adjust', body: adjustStockBody, response: z.object({ productId: z.string(), quantity: z.number() }), meta: stock }),
  stockHistory: defineRoute({ method: 'POST', path: '/store/stock/history', body: stockHistoryBody, response: listResultOf(stockAdjustment), meta: { ...stock, lapsedSchool: 'open' } }),
  schoolStore: defineRoute({ method: 'POST', path: '/store/schoolStore', body: schoolStoreQueryBody, response: schoolStoreAnswer, meta: superadmin }),
  setSchoolStore: defineRoute({ method: 'POST', path: '/store/setSchoolStore', body: schoolStoreBody, response: schoolStoreAnswer, meta: superadmin }),
};

/** Browsing (/store): the school's store and the provider's. */
export const BROWSE_ROUTES = {
  list: defineRoute({ method: 'POST', path: '/schoolStore/getStoreList', body: browseListBody, response: listResultOf(storeItem), meta: browse }),
  categories: defineRoute({
    method: 'POST', path: '/schoolStore/getCategories', response: z.object({ results: z.array(storeCategory.extend({ store: storeKind })) }), meta: browse,
  }),
};

/** The seller calls (docs/domains/store.md "Data and calls"): the provider's alone. */
export const SELLER_ROUTES = {
  add: defineRoute({ method: 'POST', path: '/seller/add', body: sellerBody, response: seller, meta: superadmin }),
  list: defineRoute({ method: 'GET', path: '/seller/get', querystring: sellerListQuery, response: listResultOf(seller), meta: superadmin }),
  update: defineRoute({ method: 'POST', path: '/seller/update/:id', params: sellerIdParams, body: sellerBody, response: seller, meta: superadmin }),
  remove: defineRoute({ method: 'DELETE', path: '/seller/delete/:id', params: sellerIdParams, response: noData, meta: superadmin }),
};
