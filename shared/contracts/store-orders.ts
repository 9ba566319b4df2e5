import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';
import { cardForm } from './billing.js';
import { CARD_MESSAGES, cardCodeField, cardNumberField, checkCardCode } from './card.js';
import { expDateField, idempotencyKeyField, savedCard } from './billing-family.js';
import { listQuery, optionalText, uuid } from './common.js';
import { dateWithinYears } from './scheduling.js';
import { defineRoute, listResultOf } from './route.js';
import { itemImage, STORE_BROWSE_ROLES, STORE_STOCK_ROLES, storeKind } from './store.js';
import { STAFF_OR_PROVIDER_ROLES, type Role } from '../roles.js';

/**
 * The store's buying side (issue 16, decision 046): the cart, the address kept per user, checkout
 * and orders with their statuses. Money in answers is in dollars (as the store's items); every
 * total is computed on the server from the items' rows, whatever the client sends.
 */

/** A cart line's most; the stock decides too, at checkout. */
export const CART_QUANTITY_MAX = 99;
/** Lines a cart may hold. */
export const CART_LINES_MAX = 50;
/** The highest tax rate a store may set: 100 % in basis points (decision 046). */
export const TAX_RATE_MAX_BP = 10_000;

export const ORDER_STATUSES = ['pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending', paid: 'Paid', processing: 'Processing', shipped: 'Shipped', delivered: 'Delivered', cancelled: 'Cancelled', refunded: 'Refunded',
};

/**
 * Where an order may go from each status (decision 046). Cancelled and refunded put the stock back.
 * Cancelling is for an order nobody paid for (pending); a paid one is refunded, its money returned
 * through the gateway, so no order ends cancelled with the buyer's money kept.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'cancelled'],
  paid: ['processing', 'shipped', 'refunded'],
  processing: ['shipped', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};

/** "#1001": how an order's number is shown everywhere (titles, emails, invoices). */
export const formatOrderNumber = (n: number) => `#${n}`;

export const ORDER_MESSAGES = {
  quantityInvalid: `Please enter a quantity between 1 and ${CART_QUANTITY_MAX}`,
  cartFull: `A cart holds at most ${CART_LINES_MAX} items`,
  otherStore: 'Your cart holds items of another store. Check out or empty your cart first.',
  notInCart: 'This item is not in your cart',
  cartEmpty: 'Your cart is empty',
  outOfStock: (itemName: string) => `${itemName} is out of stock`,
  onlyLeft: (itemName: string, left: number) => `Only ${left} of ${itemName} left in stock`,
  addedToCart: 'Item added to cart',
  cartUpdated: 'Cart updated',
  removedFromCart: 'Item removed from cart',
  addressSaved: 'Address saved',
  addressMissing: 'Please add a shipping address first',
  cardNotFound: 'Card not found',
  savedCardProvider: 'A saved card pays this school only: please enter a card for the provider’s store',
  orderPlaced: (number: string) => `Order ${number} placed successfully`,
  declined: 'Your card was declined. Nothing was charged.',
  chargeUnknown: 'We could not reach the payment processor. Your order will be confirmed within minutes; please do not pay again.',
  keyReused: 'This checkout was already used for another order. Please reload the page and try again.',
  orderNotFound: 'Order not found',
  statusUpdated: 'Order status updated',
  statusNotAllowed: (from: string, to: string) => `An order that is ${from} cannot become ${to}`,
  refundFailed: 'The refund was refused by the payment processor',
  notCharged: 'This order was not paid by card: it cannot be refunded',
  noBuyer: 'The provider buys nothing from a store',
  taxSaved: 'Tax rate saved',
  taxInvalid: 'Please enter a tax rate between 0 and 100 %',
  dateOrder: 'The end date must be on or after the start date',
} as const;
const M = ORDER_MESSAGES;

const cartQuantity = z.coerce.number({ error: M.quantityInvalid }).int(M.quantityInvalid).min(1, M.quantityInvalid).max(CART_QUANTITY_MAX, M.quantityInvalid);

/**
 * POST /cart/addtoCart (docs/domains/store.md "Data and calls": add, or set the line; quantity up or down).
 * `storeId` is the item. With `add` the quantity is added to the line's (the store's "Add to
 * cart"); without it the line is set to it (the cart's up and down). `userId` is the product's: the
 * session decides whose cart it is.
 */
export const addToCartBody = z.object({
  storeId: uuid,
  quantity: cartQuantity,
  add: z.boolean().default(false),
  userId: uuid.optional(),
});
export type AddToCartBody = z.input<typeof addToCartBody>;
export const viewCartBody = z.object({ userId: uuid.optional() });
export const removeCartBody = z.object({ storeId: uuid, userId: uuid.optional() });

/** The shipping address kept per user (docs/domains/store.md "Data and calls"), with the card form's rules. */
const c = cardForm.shape;
export const orderAddressBody = z.object({
  first_name: c.firstName,
  last_name: c.lastName,
  address1: c.address1,
  address2: optionalText(100, 'Address 2 should allow only 100 characters.').nullable().default(null),
  city: c.city,
  state: c.state,
  postal_code: c.postalCode,
  country: c.country,
  cellPhone: c.cellPhone,
  email: c.email,
  userId: uuid.optional(),
});
export type OrderAddressValues = z.input<typeof orderAddressBody>;

/**
 * POST /order/addtoOrder: the cart as it is on the server, to the kept address, paid with a saved
 * card (`cardId`, the school's store only) or a new one (cardNo, expDate, cardCode). One key a
 * checkout: the same key never charges twice.
 */
export const addToOrderBody = z.object({
  idempotencyKey: idempotencyKeyField,
  cardId: uuid.optional(),
  cardNo: cardNumberField.optional(),
  expDate: expDateField.optional(),
  cardCode: cardCodeField.optional(),
  userId: uuid.optional(),
}).superRefine((v, ctx) => {
  if (v.cardId) return;
  // A new card: each missing field named (decision 074).
  const missing = { cardNo: CARD_MESSAGES.numberRequired, expDate: CARD_MESSAGES.monthRequired, cardCode: CARD_MESSAGES.codeRequired };
  for (const field of ['cardNo', 'expDate', 'cardCode'] as const) {
    if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message: missing[field] });
  }
  checkCardCode(v, ctx);
});
export type AddToOrderBody = z.input<typeof addToOrderBody>;

const listDate = dateWithinYears(10, 1);
const checkDates = (v: { startdate?: string; enddate?: string }, ctx: z.RefinementCtx) => {
  if (v.startdate && v.enddate && v.enddate < v.startdate) ctx.addIssue({ code: 'custom', path: ['enddate'], message: M.dateOrder });
};

/** POST /order/getorderList: the buyer's own orders, ten a page, optionally between two dates. */
export const buyerOrderListBody = listQuery(['createdAt'] as const, PAGE_SIZE.store).extend({
  userId: uuid.optional(),
  startdate: listDate.optional(),
  enddate: listDate.optional(),
  status: z.enum(ORDER_STATUSES).optional(),
}).superRefine(checkDates);
export type BuyerOrderListQuery = z.input<typeof buyerOrderListBody>;

/** POST /order/orderList: a store's orders (the superadmin: every store's), ten a page. */
export const storeOrderListBody = listQuery(['createdAt', 'order_number', 'grandTotal'] as const, PAGE_SIZE.store).extend({
  startdate: listDate.optional(),
  enddate: listDate.optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  store: z.enum(['school', 'provider'] as const).optional(),
}).superRefine(checkDates);
export type StoreOrderListQuery = z.input<typeof storeOrderListBody>;

export const orderIdParams = z.object({ id: uuid });
export const updateStatusBody = z.object({
  orderId: uuid,
  status: z.enum(ORDER_STATUSES, { error: 'Please choose a status' }),
});

/** The store's tax rate, in percent with up to two decimals (kept as basis points). */
export const taxRateBody = z.object({
  taxRate: z.coerce.number({ error: M.taxInvalid }).min(0, M.taxInvalid).max(100, M.taxInvalid)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, M.taxInvalid),
});

// --- answers -------------------------------------------------------------------------------

export const totals = z.object({ subTotal: z.number(), tax: z.number(), taxRate: z.number(), totalShippingCost: z.number(), grandTotal: z.number() });
export type Totals = z.infer<typeof totals>;

export const cartLine = z.object({
  _id: z.string(),
  storeId: z.object({ _id: z.string(), item_name: z.string(), item_code: z.string().nullable(), item_image: z.array(itemImage), quantity: z.number() }),
  store: storeKind,
  price: z.number(),
  quantity: z.number(),
  total: z.number(),
  shipping: z.number(),
  taxApplicable: z.boolean(),
  /** More in the cart than in stock: checkout will refuse until it is lowered. */
  short: z.boolean(),
});
export type CartLine = z.infer<typeof cartLine>;
export const cartAnswer = totals.extend({ results: z.array(cartLine), store: storeKind.nullable(), count: z.number() });
export type CartAnswer = z.infer<typeof cartAnswer>;

export const orderAddress = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  cellPhone: z.string(),
  email: z.string(),
});
export type OrderAddress = z.infer<typeof orderAddress>;

export const orderItem = z.object({
  _id: z.string(),
  storeId: z.object({ _id: z.string(), item_name: z.string(), item_code: z.string().nullable(), item_image: z.array(itemImage) }),
  sellerId: z.string().nullable(),
  price: z.number(),
  quantity: z.number(),
  total: z.number(),
  shipping: z.number(),
  taxApplicable: z.boolean(),
});
export type OrderItem = z.infer<typeof orderItem>;

const orderStatus = z.enum(ORDER_STATUSES);
const personRef = z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() });

export const orderStatusChange = z.object({ _id: z.string(), from: orderStatus.nullable(), to: orderStatus, by: personRef.nullable(), createdAt: z.string() });
export type OrderStatusChange = z.infer<typeof orderStatusChange>;

export const orderSummary = totals.extend({
  _id: z.string(),
  order_number: z.number(),
  orderNo: z.string(),
  store: storeKind,
  storeName: z.string(),
  status: orderStatus,
  userId: personRef.extend({ school_name: z.string() }),
  itemCount: z.number(),
  createdAt: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const ORDER_PAYMENT_STATUSES = ['none', 'charging', 'charged', 'declined'] as const;
/** An order's printable invoices: the buyer's, and the seller's (its goods, no shipping). */
export const ORDER_INVOICE_KINDS = ['customer', 'vendor'] as const;
export type OrderInvoiceKind = (typeof ORDER_INVOICE_KINDS)[number];
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

export const orderDetails = orderSummary.extend({
  addressId: orderAddress,
  items: z.array(orderItem),
  payment: z.object({
    cardBrand: z.string().nullable(), cardLast4: z.string().nullable(), transactionId: z.string().nullable(), testMode: z.boolean(), refunded: z.number(),
    paidAt: z.string().nullable(),
    /** 'charging': the gateway's answer was lost and the order waits for reconciliation ("Payment being confirmed"). */
    status: z.enum(ORDER_PAYMENT_STATUSES),
    /** A refund was sent and its answer lost: no move until reconciliation ends it. */
    refunding: z.boolean(),
  }),
  history: z.array(orderStatusChange),
  /** What the viewer may move it to (empty for the buyer). */
  nextStatuses: z.array(orderStatus),
  /** The printable invoices the viewer is offered (server/policies/store-orders.ts invoicesOffered). */
  invoices: z.array(z.enum(ORDER_INVOICE_KINDS)),
});
export type OrderDetails = z.infer<typeof orderDetails>;

/** POST /order/savedCards: the buyer's own saved cards, which pay the school's store (empty for buyers who keep none). */
export const checkoutCards = z.object({ results: z.array(savedCard) });
export type CheckoutCards = z.infer<typeof checkoutCards>;

export const placeOrderAnswer = z.object({ order: orderDetails, replayed: z.boolean() });
export type PlaceOrderAnswer = z.infer<typeof placeOrderAnswer>;

const taxRateAnswer = z.object({ taxRate: z.number() });

// --- routes (decision 059) ----------------------------------------------------------------

/**
 * Who may call the cart, checkout and order routes; server/policies/store-orders.ts decides with
 * the same lists (issue 24: one list, one place): buyers, every browser (STORE_BROWSE_ROLES), the
 * orders' staff (STAFF_OR_PROVIDER_ROLES) and the tax rate's owner (STORE_STOCK_ROLES). A school
 * without the store is refused by the routes' own check.
 */
/** Buying (cart, address, checkout): every role that browses the store but the provider, which buys from no store. */
export const STORE_BUYER_ROLES = ['admin', 'subadmin', 'teacher', 'student'] as const satisfies readonly Role[];

const buyer = { roles: STORE_BUYER_ROLES, tags: ['store'] } as const;
const anyone = { roles: STORE_BROWSE_ROLES, tags: ['store'] } as const;
const staff = { roles: STAFF_OR_PROVIDER_ROLES, tags: ['store'] } as const;
const owner = { roles: STORE_STOCK_ROLES, tags: ['store'] } as const;

export const CART_ROUTES = {
  add: defineRoute({ method: 'POST', path: '/cart/addtoCart', body: addToCartBody, response: cartAnswer, meta: buyer }),
  view: defineRoute({ method: 'POST', path: '/cart/viewCart', body: viewCartBody, response: cartAnswer, meta: buyer }),
  remove: defineRoute({ method: 'POST', path: '/cart/removeCart', body: removeCartBody, response: cartAnswer, meta: buyer }),
};

export const ORDER_ROUTES = {
  saveAddress: defineRoute({ method: 'POST', path: '/order/addUserOrderAddress', body: orderAddressBody, response: orderAddress, meta: buyer }),
  viewAddress: defineRoute({ method: 'POST', path: '/order/viewAddress', body: viewCartBody, response: orderAddress.nullable(), meta: buyer }),
  savedCards: defineRoute({ method: 'POST', path: '/order/savedCards', body: viewCartBody, response: checkoutCards, meta: buyer }),
  /** Checkout charges the buyer's card and ships to the address given (decision 069: not in a login-as by staff). */
  place: defineRoute({ method: 'POST', path: '/order/addtoOrder', body: addToOrderBody, response: placeOrderAnswer, meta: { ...buyer, movesMoney: true, usesFamilyCard: true } }),
  buyerList: defineRoute({ method: 'POST', path: '/order/getorderList', body: buyerOrderListBody, response: listResultOf(orderSummary), meta: { ...buyer, lapsedSchool: 'open' } }),
  storeList: defineRoute({ method: 'POST', path: '/order/orderList', body: storeOrderListBody, response: listResultOf(orderSummary), meta: { ...staff, lapsedSchool: 'open' } }),
  view: defineRoute({ method: 'GET', path: '/order/viewOrder/:id', params: orderIdParams, response: orderDetails, meta: { ...anyone, lapsedSchool: 'open' } }),
  /** Moving a paid order to refunded refunds it through the gateway. */
  updateStatus: defineRoute({ method: 'POST', path: '/order/updateStatus', body: updateStatusBody, response: orderDetails, meta: { ...staff, movesMoney: true } }),
  taxRate: defineRoute({ method: 'POST', path: '/order/taxRate', response: taxRateAnswer, meta: { ...owner, lapsedSchool: 'open' } }),
  setTaxRate: defineRoute({ method: 'POST', path: '/order/setTaxRate', body: taxRateBody, response: taxRateAnswer, meta: owner }),
};
